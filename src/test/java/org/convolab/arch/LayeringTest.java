package org.convolab.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layers of docs/ARCHITECTURE.md, held by the compiled classes: Main → cli, ui → (selftest →) engine → cuda,
 * cpu, io → core, with the Java API ({@code api}) between the engine and the front ends that use it (the
 * ImageJ command, {@code imagej}). The front ends reach the backends only through {@code engine}; {@code core}
 * knows neither JavaFX nor JCuda.
 */
class LayeringTest {

    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.convolab");
    }

    @Test
    void coreImportsNeitherJavaFxNorJCuda() {
        noClasses().that().resideInAPackage("org.convolab.core..")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "jcuda..", "org.convolab.cuda..",
                        "org.convolab.cpu..", "org.convolab.engine..", "org.convolab.io..", "org.convolab.cli..",
                        "org.convolab.ui..")
                .check(classes);
    }

    @Test
    void frontEndsGoThroughTheEngine() {
        noClasses().that().resideInAnyPackage("org.convolab.ui..", "org.convolab.cli..")
                .should().dependOnClassesThat().resideInAnyPackage("org.convolab.cuda..", "org.convolab.cpu..", "jcuda..")
                .check(classes);
    }

    @Test
    void theImageJCommandUsesOnlyTheApiAndCore() {
        noClasses().that().resideInAPackage("org.convolab.imagej..")
                .should().dependOnClassesThat().resideInAnyPackage("org.convolab.engine..", "org.convolab.cuda..",
                        "org.convolab.cpu..", "org.convolab.io..", "org.convolab.cli..", "org.convolab.ui..", "javafx..",
                        "jcuda..")
                .check(classes);
    }

    @Test
    void onlyTheImageJCommandUsesImageJ() {
        noClasses().that().resideOutsideOfPackage("org.convolab.imagej..")
                .should().dependOnClassesThat().resideInAPackage("ij..")
                .check(classes);
    }

    @Test
    void onlyTheCudaPackageTalksToJCuda() {
        noClasses().that().resideOutsideOfPackage("org.convolab.cuda..")
                .should().dependOnClassesThat().resideInAPackage("jcuda..")
                .check(classes);
    }

    @Test
    void onlyTheWindowUsesJavaFx() {
        noClasses().that().resideOutsideOfPackages("org.convolab.ui..", "org.convolab.cli..", "org.convolab")
                .should().dependOnClassesThat().resideInAPackage("javafx..")
                .check(classes);
    }

    @Test
    void layersPointDownwards() {
        layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("Main").definedBy("org.convolab")
                .layer("Cli").definedBy("org.convolab.cli..")
                .layer("Ui").definedBy("org.convolab.ui..")
                .layer("ImageJ").definedBy("org.convolab.imagej..")
                .layer("Api").definedBy("org.convolab.api..")
                .layer("SelfTest").definedBy("org.convolab.selftest..")
                .layer("Engine").definedBy("org.convolab.engine..")
                .layer("Backends").definedBy("org.convolab.cuda..", "org.convolab.cpu..")
                .layer("Io").definedBy("org.convolab.io..")
                .layer("Core").definedBy("org.convolab.core..")
                .whereLayer("Main").mayNotBeAccessedByAnyLayer()
                .whereLayer("Cli").mayOnlyBeAccessedByLayers("Main")
                .whereLayer("Ui").mayOnlyBeAccessedByLayers("Main", "Cli")
                .whereLayer("ImageJ").mayNotBeAccessedByAnyLayer()
                .whereLayer("Api").mayOnlyBeAccessedByLayers("Main", "Cli", "Ui", "ImageJ")
                .whereLayer("SelfTest").mayOnlyBeAccessedByLayers("Main", "Cli")
                .whereLayer("Engine").mayOnlyBeAccessedByLayers("Main", "Cli", "Ui", "Api", "SelfTest")
                .whereLayer("Backends").mayOnlyBeAccessedByLayers("Engine", "SelfTest")
                .whereLayer("Io").mayOnlyBeAccessedByLayers("Main", "Cli", "Ui", "Engine", "Api")
                .check(classes);
    }

    /**
     * The front ends read the work of a filter from its plan ({@code FilterCost.of}, through the result's timings or
     * a report's cost) and never count it again: bench, the overlay, Compare and --timings report one figure.
     */
    @Test
    void theFrontEndsNeverCountAFiltersWorkThemselves() {
        noClasses().that().resideInAnyPackage("org.convolab.ui..", "org.convolab.cli..")
                .should().callConstructor(org.convolab.core.FilterCost.class, long.class, long.class)
                .orShould().callMethod(org.convolab.core.FilterCost.class, "flopsPerPixel", int.class, int.class,
                        org.convolab.core.Mask.class, org.convolab.core.Strategy.class)
                .check(classes);
    }

    /**
     * The self-tests judge the engines from above: through the engine door and the CPU's double-precision reference,
     * never the GPU layer, files or a front end.
     */
    @Test
    void theSelfTestsUseTheEngineDoorAndTheReference() {
        noClasses().that().resideInAPackage("org.convolab.selftest..")
                .should().dependOnClassesThat().resideInAnyPackage("org.convolab.cuda..", "jcuda..", "org.convolab.io..",
                        "org.convolab.cli..", "org.convolab.ui..", "org.convolab.api..", "javafx..")
                .check(classes);
        noClasses().that().resideInAPackage("org.convolab.selftest..")
                .should().dependOnClassesThat(JavaClass.Predicates.resideInAPackage("org.convolab.cpu..")
                        .and(DescribedPredicate.not(JavaClass.Predicates.equivalentTo(org.convolab.cpu.ReferenceConvolver.class))))
                .check(classes);
    }

    @Test
    void noPackageCycles() {
        slices().matching("org.convolab.(*)..").should().beFreeOfCycles().check(classes);
    }
}

package org.convolab.ui;

import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.convolab.core.BorderPolicy;
import org.convolab.core.ConstantPolicy;
import org.convolab.core.ConvolabException;
import org.convolab.core.MaskText;
import org.convolab.core.OutputDepth;
import org.convolab.core.Strategy;
import org.convolab.core.Backend;

/**
 * The settings controls other than the mask: the toolbar (strategy, ghost-cell policy and its
 * constant, backend) and the output mapping (divisor, offset, absolute value). They show the model's
 * state and turn each change into one {@link MainModel#edit}; bad numbers get a status line.
 */
final class SettingsBar {
    private static final String[] BORDERS = {"zero", "constant", "clamp", "reflect", "mirror", "wrap"};

    private final MainModel model;
    final ComboBox<Strategy> strategy = new ComboBox<>();
    final ComboBox<String> border = new ComboBox<>();
    final TextField constant = new TextField("0");
    final ComboBox<Backend> backend = new ComboBox<>();
    /** The strategy list, whose items are disabled (with the reason) when they do not fit the mask. */
    UnavailableChoices<Strategy> strategies;
    final TextField divisor = new TextField("1");
    final TextField offset = new TextField("0");
    final CheckBox abs = new CheckBox("|sum|");
    /** The output's sample format: the input's, 8 or 16 bits, or float (exact and signed). */
    final ComboBox<OutputDepth> depth = new ComboBox<>();
    /** The output mapping's formula, which follows the depth. */
    private final Label formula = new Label();
    /** Strategy, ghost cells and backend, for the top of the window. */
    final HBox toolbar;
    /** Divisor, offset and |sum| with the formula, for under the mask editor. */
    final VBox outputMapping;

    SettingsBar(MainModel model) {
        this.model = model;
        this.toolbar = toolbar();
        this.outputMapping = outputMapping();
        model.stateProperty().addListener((o, was, now) -> show(now));
        show(model.current());
    }

    private EditState current() {
        return model.current();
    }

    // ------------------------------------------------------------------ toolbar

    private HBox toolbar() {
        strategy.getItems().setAll(Strategy.values());
        strategy.setId("strategy");
        strategies = UnavailableChoices.install(strategy, Strategy::id, s -> {
            String why = s.whyNotApplicable(current().mask());
            return why == null ? null : new UnavailableChoices.Why(why, "needs a separable mask");
        }, Strategy::description);
        strategy.setOnAction(e -> {
            Strategy s = strategy.getValue();
            String why = s == null ? null : s.whyNotApplicable(current().mask());
            if (why != null && s != current().strategy()) {
                strategy.setValue(current().strategy()); // a disabled item reached by the keyboard: not chosen
                model.say(why);
            } else if (s != null && s != current().strategy()) {
                model.edit(current().withStrategy(s));
            }
        });
        border.getItems().setAll(BORDERS);
        border.setId("border");
        border.setCellFactory(l -> new ListCell<>() {
            @Override
            protected void updateItem(String s, boolean empty) {
                super.updateItem(s, empty);
                setText(empty ? null : s);
                setTooltip(empty || s == null ? null : new Tooltip(policyFor(s, "0").description() + "  (OpenCV "
                        + policyFor(s, "0").openCvName() + ", SciPy " + policyFor(s, "0").scipyName() + ")"));
            }
        });
        border.setOnAction(e -> applyBorder());
        constant.setId("border-constant");
        constant.setPrefColumnCount(4);
        constant.setOnAction(e -> applyBorder());
        backend.getItems().setAll(Backend.values());
        backend.setId("backend");
        String cuda = model.cudaProblem();
        UnavailableChoices.install(backend, Backend::toString, b -> b == Backend.CUDA && cuda != null
                ? new UnavailableChoices.Why("No usable GPU: " + cuda, "no usable GPU") : null,
                b -> b == Backend.CUDA ? "Filters run on the NVIDIA GPU" : "Filters run on the CPU");
        backend.setOnAction(e -> {
            if (backend.getValue() != null && backend.getValue() != current().backend()) {
                model.edit(current().withBackend(backend.getValue()));
            }
        });
        // fixed widths: the lists say why a choice cannot apply, and those long texts must not widen the bar
        strategy.setPrefWidth(150);
        backend.setPrefWidth(100);
        border.setPrefWidth(110);
        for (ComboBox<?> c : new ComboBox<?>[] {strategy, backend, border}) {
            c.setMinWidth(Region.USE_PREF_SIZE);
        }
        HBox bar = new HBox(8, new Label("Strategy"), strategy, new Label("Ghost cells"), border, new Label("value"), constant,
                new Label("Backend"), backend);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(0, 4, 0, 4));
        return bar;
    }


    // ------------------------------------------------------------------ output mapping

    private VBox outputMapping() {
        divisor.setId("divisor");
        offset.setId("offset");
        abs.setId("abs");
        divisor.setPrefColumnCount(5);
        offset.setPrefColumnCount(5);
        divisor.setOnAction(e -> applyMapping());
        offset.setOnAction(e -> applyMapping());
        divisor.focusedProperty().addListener((o, a, now) -> {
            if (!now) {
                applyMapping();
            }
        });
        offset.focusedProperty().addListener((o, a, now) -> {
            if (!now) {
                applyMapping();
            }
        });
        abs.setOnAction(e -> model.edit(current().withAbs(abs.isSelected())));
        HBox row = new HBox(6, new Label("Divide by"), divisor, new Label("then add"), offset, abs);
        row.setAlignment(Pos.CENTER_LEFT);
        depth.getItems().setAll(OutputDepth.values());
        depth.setId("depth");
        depth.setTooltip(new Tooltip("The output's samples: same as the input's, 8 or 16 bits (rounded and clamped), or 32-bit"
                + " float (the exact sum / divisor + offset, negative values kept; saved as TIFF, shown through"
                + " View \u203a Display Range)"));
        depth.setOnAction(e -> {
            if (depth.getValue() != null && depth.getValue() != current().depth()) {
                model.edit(current().withDepth(depth.getValue()));
            }
        });
        HBox depthRow = new HBox(6, new Label("Depth"), depth);
        depthRow.setAlignment(Pos.CENTER_LEFT);
        formula.getStyleClass().add("hint");
        formula.setWrapText(true);
        return new VBox(4, MainWindow.section("Output"), row, depthRow, formula);
    }

    // ------------------------------------------------------------------ model <-> controls

    private void show(EditState s) {
        if (shownMask != s.mask()) {
            shownMask = s.mask();
            strategies.refresh(); // separable or not may have changed
        }
        strategy.setValue(s.strategy());
        if (s.border() instanceof ConstantPolicy c) {
            border.setValue(c.value() == 0f ? "zero" : "constant");
            constant.setText(MaskText.formatWeight(c.value()));
        } else {
            border.setValue(s.border().name());
        }
        constant.setDisable(!"constant".equals(border.getValue()));
        backend.setValue(s.backend());
        divisor.setText(MaskText.formatWeight(s.divisor()));
        offset.setText(MaskText.formatWeight(s.offset()));
        abs.setSelected(s.abs());
        depth.setValue(s.depth());
        formula.setText(formula(s.depth()));
    }

    /** The output mapping at a depth, as the hint under the settings says it. */
    static String formula(OutputDepth d) {
        return switch (d) {
            case FLOAT -> "out = sum / divisor + offset (32-bit float: not rounded, not clamped)";
            case SIXTEEN -> "out = clamp(round(sum / divisor + offset), 0, 65535) (16-bit)";
            case EIGHT -> "out = clamp(round(sum / divisor + offset), 0, 255)";
            case SAME -> "out = clamp(round(sum / divisor + offset)) to the input's range (255, 65535; float kept)";
        };
    }

    private org.convolab.core.Mask shownMask;

    private static BorderPolicy policyFor(String name, String value) {
        return name.equals("constant") ? BorderPolicy.parse("constant:" + value) : BorderPolicy.parse(name);
    }

    private void applyBorder() {
        String b = border.getValue();
        if (b == null) {
            return;
        }
        constant.setDisable(!b.equals("constant"));
        try {
            BorderPolicy p = policyFor(b, constant.getText().strip());
            if (!p.equals(current().border())) {
                model.edit(current().withBorder(p));
            }
        } catch (ConvolabException e) {
            model.say(e.getMessage());
        }
    }

    private void applyMapping() {
        try {
            float d = Float.parseFloat(divisor.getText().strip());
            float o = Float.parseFloat(offset.getText().strip());
            if (d == 0f || !Float.isFinite(d) || !Float.isFinite(o)) {
                model.say("The divisor must be a number other than 0, and the offset a number");
                return;
            }
            if (d != current().divisor() || o != current().offset()) {
                model.edit(current().withDivisor(d).withOffset(o));
            }
        } catch (NumberFormatException e) {
            model.say("The divisor and offset must be numbers");
        }
    }
}

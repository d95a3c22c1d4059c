package org.convolab.ui.compare;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.chart.BarChart;
import javafx.scene.chart.CategoryAxis;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.Spinner;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.cell.PropertyValueFactory;
import javafx.scene.image.ImageView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.convolab.core.Backend;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.FilterSpec;
import org.convolab.core.RgbaImage;
import org.convolab.ui.FxImages;

/**
 * Compare strategies: runs every applicable strategy N times with a progress bar and Cancel, then a
 * table (strategy, median kernel ms, GB/s, GFLOP/s, speed-up over naive, max difference from the CPU
 * reference) and a bar chart of the times; each row says what really ran (on the CPU, which of
 * the CPU engine's two loops), and on the CPU a note says that the strategies are GPU kernels. Selecting two rows shows their outputs side by side with
 * their difference amplified 32 times.
 */
public final class CompareWindow {

    /** A table row as JavaFX properties want it. */
    public static final class RowView {
        private final CompareTask.Row row;

        RowView(CompareTask.Row row) {
            this.row = row;
        }

        public String getStrategy() {
            return row.strategy();
        }

        public String getRan() {
            return row.ran();
        }

        public String getKernelMs() {
            return String.format(Locale.ROOT, "%.3f", row.kernelMs());
        }

        public String getAppMs() {
            return String.format(Locale.ROOT, "%.3f", row.appMs());
        }

        public String getGbps() {
            return String.format(Locale.ROOT, "%.1f", row.gbps());
        }

        public String getGflops() {
            return String.format(Locale.ROOT, "%.1f", row.gflops());
        }

        public String getSpeedup() {
            return Double.isNaN(row.speedup()) ? "—" : String.format(Locale.ROOT, "%.2f×", row.speedup());
        }

        public int getMaxDiff() {
            return row.maxDiff();
        }

        /** The row's figures and output. */
        public CompareTask.Row row() {
            return row;
        }
    }

    static final int DIFF_GAIN = 32;

    private final Stage stage = new Stage();
    private final TableView<RowView> table = new TableView<>();
    final ProgressBar progress = new ProgressBar(0);
    final Button run = new Button("Run");
    final Button cancel = new Button("Cancel");
    final Label status = new Label("Runs every strategy that applies to the mask, N times each.");
    private final Spinner<Integer> repeat = new Spinner<>(1, 200, 10);
    private final BarChart<String, Number> chart = new BarChart<>(new CategoryAxis(), new NumberAxis());
    private final ImageView left = new ImageView();
    private final ImageView right = new ImageView();
    private final ImageView diff = new ImageView();
    final Label cpuNote = new Label();
    private final VBox results = new VBox(8);
    private final Label pairLabel = new Label("Select two strategies to compare their outputs.");
    private RgbaImage difference;
    private CompareTask task;

    /**
     * Builds the window over the owner; Run filters the image with the spec on the engine, on the
     * executor (a thread the engine may be used from).
     *
     * @param what a short description of the image and settings for the title
     */
    public CompareWindow(Window owner, ExecutorService executor, ConvolutionEngine engine, RgbaImage image, FilterSpec spec, String what) {
        stage.initOwner(owner);
        stage.setTitle("Compare strategies \u2014 " + what);
        table.setId("compare-table");
        run.setId("compare-run");
        cancel.setId("compare-cancel");
        progress.setId("compare-progress");
        table.getColumns().add(column("Strategy", "strategy", 130));
        table.getColumns().add(column("What ran", "ran", 190));
        table.getColumns().add(column("Kernel ms\n(median)", "kernelMs", 100));
        table.getColumns().add(column("App path ms\n(median)", "appMs", 100));
        table.getColumns().add(column("GB/s", "gbps", 70));
        table.getColumns().add(column("GFLOP/s", "gflops", 80));
        table.getColumns().add(column("Speed-up\nvs naive", "speedup", 90));
        table.getColumns().add(column("Max diff vs\nreference", "maxDiff", 100));
        // the columns share the table's width but never get narrower than their headers (two lines where
        // long): a narrow window scrolls the table sideways rather than cutting a header to "..."
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        table.getSelectionModel().getSelectedItems().addListener((javafx.collections.ListChangeListener<RowView>) c -> showPair());
        table.getStyleClass().add(atlantafx.base.theme.Styles.DENSE); // more rows in view at 720 px
        table.setPrefHeight(380);
        table.setMinHeight(150);
        chart.setTitle("Median kernel time (ms)");
        chart.setLegendVisible(false);
        chart.setAnimated(false);
        chart.setPrefHeight(190);
        chart.setMinHeight(160);
        cancel.setDisable(true);
        run.setMinWidth(Region.USE_PREF_SIZE);
        cancel.setMinWidth(Region.USE_PREF_SIZE);
        repeat.setPrefWidth(90);
        repeat.setMinWidth(Region.USE_PREF_SIZE);
        progress.setPrefWidth(200);
        progress.setMinWidth(80);
        status.setMinWidth(60);
        HBox.setHgrow(status, Priority.ALWAYS);
        Label runs = new Label("Runs per strategy");
        runs.setMinWidth(Region.USE_PREF_SIZE);
        HBox controls = new HBox(8, runs, repeat, run, cancel, progress, status);
        controls.setAlignment(Pos.CENTER_LEFT);
        cpuNote.setId("compare-cpu-note");
        cpuNote.setWrapText(true);
        cpuNote.setMinHeight(Region.USE_PREF_SIZE);
        cpuNote.getStyleClass().add("notice");
        boolean cpu = engine.backend() == Backend.CPU;
        cpuNote.setText(cpu ? "On the CPU: the strategies are GPU kernels. The CPU engine has three paths: a 2D loop, rows "
                + "then columns for the separable strategies, and an FFT for fft; the \"What ran\" column says which (cpu-2d, "
                + "cpu-rows + cpu-columns, cpu-fft). Between "
                + "strategies that ran the same path the times differ by noise only." : "");
        cpuNote.setVisible(cpu);
        cpuNote.setManaged(cpu);
        for (ImageView v : new ImageView[] {left, right, diff}) {
            v.setFitWidth(240);
            v.setFitHeight(150);
            v.setPreserveRatio(true);
        }
        HBox pair = new HBox(8, left, right, diff);
        chart.setMaxWidth(Double.MAX_VALUE);
        results.getChildren().setAll(cpuNote, table, chart);
        results.setId("compare-results");
        VBox center = new VBox(8, results, pairLabel, pair);
        VBox.setVgrow(results, Priority.ALWAYS);
        VBox.setVgrow(table, Priority.ALWAYS);
        center.setPadding(new Insets(8));
        BorderPane root = new BorderPane(center);
        root.setTop(controls);
        BorderPane.setMargin(controls, new Insets(8));
        double[] size = org.convolab.ui.ToolWindowSize.fit(owner, 1100, 820);
        Scene scene = new Scene(root, size[0], size[1]);
        scene.getStylesheets().addAll(owner.getScene().getStylesheets());
        stage.setScene(scene);
        run.setOnAction(e -> start(executor, engine, image, spec));
        cancel.setOnAction(e -> {
            if (task != null) {
                task.cancel();
            }
        });
        org.convolab.ui.CloseKeys.install(stage);
        stage.setOnHidden(e -> {
            if (task != null) {
                task.cancel();
            }
        });
    }

    /** The compare window's own stage. */
    public Stage stage() {
        return stage;
    }

    /** What View › Export takes a picture of: the note, the table and the chart. */
    public Node exportNode() {
        return results;
    }

    /** The results, a row per strategy, after a run. */
    public TableView<RowView> table() {
        return table;
    }

    /** The amplified difference of the two selected rows' outputs, or null until two are selected. */
    public RgbaImage difference() {
        return difference;
    }

    private static TableColumn<RowView, Object> column(String title, String property, double width) {
        TableColumn<RowView, Object> c = new TableColumn<>(title);
        c.setCellValueFactory(new PropertyValueFactory<>(property));
        double header = org.convolab.ui.HeaderWidth.of(title);
        c.setMinWidth(header);
        c.setPrefWidth(Math.max(width, header));
        return c;
    }

    void start(ExecutorService executor, ConvolutionEngine engine, RgbaImage image, FilterSpec spec) {
        task = new CompareTask(engine, image, spec, repeat.getValue());
        progress.progressProperty().bind(task.progressProperty());
        status.textProperty().bind(task.messageProperty());
        run.setDisable(true);
        cancel.setDisable(false);
        task.setOnSucceeded(e -> finish(task.getValue(), task.isCancelled() ? "Cancelled" : "Done"));
        task.setOnCancelled(e -> finish(List.of(), "Cancelled"));
        task.setOnFailed(e -> finish(List.of(), "Failed: " + task.getException().getMessage()));
        executor.submit(task);
    }

    private void finish(List<CompareTask.Row> rows, String message) {
        status.textProperty().unbind();
        progress.progressProperty().unbind();
        status.setText(message);
        run.setDisable(false);
        cancel.setDisable(true);
        if (rows.isEmpty()) {
            return;
        }
        table.setItems(FXCollections.observableArrayList(rows.stream().map(RowView::new).toList()));
        XYChart.Series<String, Number> s = new XYChart.Series<>();
        for (CompareTask.Row r : rows) {
            s.getData().add(new XYChart.Data<>(r.strategy(), r.kernelMs()));
        }
        chart.getData().setAll(List.of(s));
    }

    private void showPair() {
        var sel = table.getSelectionModel().getSelectedItems();
        if (sel.size() != 2) {
            return;
        }
        CompareTask.Row a = sel.get(0).row();
        CompareTask.Row b = sel.get(1).row();
        difference = CompareTask.difference(a.output(), b.output(), DIFF_GAIN);
        left.setImage(FxImages.toFx(a.output()));
        right.setImage(FxImages.toFx(b.output()));
        diff.setImage(FxImages.toFx(difference));
        pairLabel.setText(a.strategy() + "  |  " + b.strategy() + "  |  difference x" + DIFF_GAIN
                + " (largest: " + a.output().maxDifference(b.output()) + ")");
    }
}

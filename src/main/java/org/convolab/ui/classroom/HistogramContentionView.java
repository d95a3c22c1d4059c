package org.convolab.ui.classroom;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;
import org.convolab.core.ConvolabException;
import org.convolab.core.ConvolutionEngine;
import org.convolab.engine.HistogramContention;

/**
 * The classroom's "Histograms" tab: the contention experiment ({@link HistogramContention}, in the
 * engine, which {@code convolab histogram --contention} runs too) on the current engine, presented as
 * its note, its sentence on why and a table of Gpixels/s per strategy (fastest first) on a uniform
 * random image and on skewed ones, with each strategy's lesson. It runs when asked (Run), on a
 * background thread.
 */
public final class HistogramContentionView extends VBox {
    private static final double NAME_WIDTH = 110;
    private static final double SPEED_WIDTH = 118;

    private final Supplier<ConvolutionEngine> engine;
    private final ExecutorService worker;
    private final int side;
    private final Label note = new Label("Run times every histogram strategy on a uniform random image and on skewed ones.");
    private final Label summary = new Label();
    private final TableView<HistogramContention.Row> table = new TableView<>();
    private final Button run = new Button("_Run the experiment");
    private HistogramContention.Result result;

    /**
     * @param engine the engine to time (the model's current one, asked at each run)
     * @param worker where the experiment runs (never the FX thread)
     * @param side   the test images' width and height in pixels
     */
    HistogramContentionView(Supplier<ConvolutionEngine> engine, ExecutorService worker, int side) {
        super(8);
        this.engine = engine;
        this.worker = worker;
        this.side = side;
        setPadding(new Insets(10));
        run.setId("histogram-run");
        run.setOnAction(e -> run());
        note.setWrapText(true);
        // a wrapping label in a VBox keeps one line unless its height may follow its text
        note.setMinHeight(Region.USE_PREF_SIZE);
        summary.setMinHeight(Region.USE_PREF_SIZE);
        note.setId("histogram-note");
        summary.setWrapText(true);
        summary.setId("histogram-summary");
        table.setId("histogram-table");
        // rows as tall as their "Why" sentence (the theme gives rows a fixed height; see convolab.css)
        table.getStyleClass().add("rows-fit-text");
        table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        VBox.setVgrow(table, Priority.ALWAYS);
        getChildren().addAll(new HBox(8, run), note, summary, table);
        columns(List.of("uniform random", "dark photo", "constant"));
    }

    /** Runs the experiment on the worker and shows it when done. */
    public void run() {
        run.setDisable(true);
        note.setText("Timing every strategy...");
        ConvolutionEngine e = engine.get();
        worker.submit(() -> {
            try {
                HistogramContention.Result r = HistogramContention.run(e, HistogramContention.subjects(side, side));
                Platform.runLater(() -> show(r));
            } catch (RuntimeException ex) {
                String why = ex instanceof ConvolabException ? ex.getMessage() : "Unexpected error: " + ex;
                Platform.runLater(() -> {
                    note.setText("The experiment failed: " + why);
                    run.setDisable(false);
                });
            }
        });
    }

    /** Shows a finished run. */
    void show(HistogramContention.Result r) {
        result = r;
        run.setDisable(false);
        columns(r.subjects().stream().map(HistogramContention.Subject::name).toList());
        table.getItems().setAll(r.rows());
        note.setText(HistogramContention.note(r));
        summary.setText(HistogramContention.summary(r));
    }

    private void columns(List<String> subjects) {
        List<TableColumn<HistogramContention.Row, ?>> cols = new ArrayList<>();
        TableColumn<HistogramContention.Row, String> name = new TableColumn<>("Strategy");
        name.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().strategy().id()));
        name.setPrefWidth(NAME_WIDTH);
        name.setMinWidth(org.convolab.ui.HeaderWidth.of(name.getText()));
        cols.add(name);
        for (int i = 0; i < subjects.size(); i++) {
            int at = i;
            TableColumn<HistogramContention.Row, String> speed = new TableColumn<>(subjects.get(i) + "\nGpx/s");
            speed.setCellValueFactory(c -> new ReadOnlyStringWrapper(HistogramContention.cell(c.getValue(), at)));
            // never narrower than the header ("uniform random", "dark photo"): a header is not cut to "..."
            speed.setMinWidth(org.convolab.ui.HeaderWidth.of(speed.getText()));
            speed.setPrefWidth(Math.max(SPEED_WIDTH, speed.getMinWidth()));
            cols.add(speed);
        }
        TableColumn<HistogramContention.Row, String> lesson = new TableColumn<>("Why");
        lesson.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().strategy().lesson()));
        lesson.setCellFactory(col -> wrapping(col));
        // the lesson takes the width the numbers leave
        double numbers = cols.stream().mapToDouble(TableColumn::getPrefWidth).sum();
        lesson.prefWidthProperty().bind(table.widthProperty().subtract(numbers + 20));
        lesson.setMinWidth(200);
        cols.add(lesson);
        table.getColumns().setAll(cols);
    }

    /** A table cell that wraps its text to the column's width (the lessons are sentences). */
    private static TableCell<HistogramContention.Row, String> wrapping(TableColumn<HistogramContention.Row, String> column) {
        Text text = new Text();
        text.wrappingWidthProperty().bind(column.widthProperty().subtract(12));
        TableCell<HistogramContention.Row, String> cell = new TableCell<>() {
            @Override
            protected void updateItem(String item, boolean empty) {
                super.updateItem(item, empty);
                text.setText(empty || item == null ? "" : item);
                setGraphic(empty ? null : text);
                setMinHeight(empty ? USE_COMPUTED_SIZE : text.getLayoutBounds().getHeight() + 8);
            }
        };
        text.fillProperty().bind(cell.textFillProperty());
        return cell;
    }

    /** The table (tests). */
    public TableView<HistogramContention.Row> table() {
        return table;
    }

    /** The line above the table (tests). */
    public Label note() {
        return note;
    }

    /** The last run's result, or null (tests). */
    HistogramContention.Result result() {
        return result;
    }
}

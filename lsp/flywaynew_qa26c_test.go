package lsp

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPipelineUnsavedFirstScriptOfFolderReadsFlywayLocation: an unsaved
// new buffer db/tables/V2__grow.sql, the first script of its folder, is
// checked with the Flyway location db as context, as it is once saved:
// the log grows from the size V1 gives it. Before, the folder on disk
// held no script, so the climb to the location never started.
func TestPipelineUnsavedFirstScriptOfFolderReadsFlywayLocation(t *testing.T) {
	dir := t.TempDir()
	writeAll(t, filepath.Join(dir, "db", "V1__create.sql"), createSales)
	if err := os.MkdirAll(filepath.Join(dir, "db", "tables"), 0o755); err != nil {
		t.Fatal(err)
	}
	v2 := filepath.Join(dir, "db", "tables", "V2__grow.sql")
	text := "ALTER DATABASE Sales MODIFY FILE (NAME = Sales_log, SIZE = 20GB);\nGO\n"
	message := func(what string, overlay map[string][]byte) {
		t.Helper()
		fs, err := Pipeline{GitIgnored: true}.Analyze(context.Background(), v2, overlay)
		if err != nil {
			t.Fatal(err)
		}
		if len(fs) != 1 || fs[0].RuleID != "SL202" || strings.Contains(fs[0].Message, "up to") {
			t.Errorf("%s: findings %+v, want one SL202 that knows V1's log size", what, fs)
		}
	}
	message("unsaved", map[string][]byte{v2: []byte(text)})
	writeAll(t, v2, text)
	message("saved", nil)
}

package analysis

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/sqllint/sqllint/config"
)

// TestBranchesMapped: the arms of IF ... ELSE statements (and the EXECs
// in them) are where they were once a mapped script's kept statements
// are moved to copies of their batches' text (detachMapped), parsed in
// small runs, piped and streamed: the findings are those of the whole
// parse.
func TestBranchesMapped(t *testing.T) {
	if !canMap {
		t.Skip("files are not mapped on this system")
	}
	mapEverything(t)
	dir := t.TempDir()
	for _, name := range []string{"sl101_if_else.sql", "sl201_if_else.sql", "sl207_if_else.sql", "sl208_if_else.sql", "sl304_if_else.sql"} {
		data, err := os.ReadFile(filepath.Join("..", "testdata", "rules", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cfg := config.Default()
	cfg.Rules.Options["SL101"] = map[string]float64{"startup-budget": 0.05}
	ids := compareFormats(t, dir, cfg)
	for _, id := range []string{"SL101", "SL201", "SL207", "SL208", "SL304"} {
		if !ids[id] {
			t.Errorf("no %s found, want one (rules found: %v)", id, ids)
		}
	}
}

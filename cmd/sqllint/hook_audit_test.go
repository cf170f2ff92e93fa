package main

import (
	"os"
	"regexp"
	"testing"

	"gopkg.in/yaml.v3"
)

// The hook gets the scripts a folder scan reads, whatever the case of
// their extension (a folder scan reads V1.Sql and V2.SQL too).
func TestPreCommitHookFilesAnyCase(t *testing.T) {
	data, err := os.ReadFile("../../.pre-commit-hooks.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var hooks []struct {
		Files string `yaml:"files"`
	}
	if err := yaml.Unmarshal(data, &hooks); err != nil || len(hooks) != 1 {
		t.Fatal(err, hooks)
	}
	files := regexp.MustCompile(hooks[0].Files) // Python's re reads it alike
	for _, name := range []string{"db/V1.sql", "db/V2.SQL", "db/V3.Sql", "db/my file.sQl"} {
		if !files.MatchString(name) {
			t.Errorf("files %q leaves out %s", hooks[0].Files, name)
		}
	}
	for _, name := range []string{"README.md", "db/V1.sql.bak", "db/sql"} {
		if files.MatchString(name) {
			t.Errorf("files %q takes %s", hooks[0].Files, name)
		}
	}
}

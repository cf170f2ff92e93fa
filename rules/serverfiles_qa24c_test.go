package rules

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/parser"
)

// A login without VIEW ANY DEFINITION (or CREATE DATABASE, ALTER ANY
// DATABASE) sees no rows in sys.master_files: the database exists but
// its files are unknown. SL101 counted the scripts' files alone and said
// "counting the files it already has on the server (confirmed on SQL1)":
// a false confirmation. It is a static finding then; with the files
// known, it counts them and is confirmed.
func TestServerFilesUnknownNotConfirmed(t *testing.T) {
	var b strings.Builder
	b.WriteString("ALTER DATABASE Sales ADD FILE ")
	for i := range 1000 {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "(NAME = f%d, FILENAME = 'D:\\f%d.ndf', SIZE = 8MB)", i, i)
	}
	b.WriteString(";\n")
	script := b.String()
	for _, c := range []struct {
		name      string
		files     []ServerFile
		confirmed bool
		count     string
	}{
		{"files unknown", nil, false, "reaches 1,000 files"},
		{"files known", []ServerFile{{Name: "Sales", Filegroup: "PRIMARY", Size: 8 << 20}, {Name: "Sales_log", Log: true, Size: 8 << 20}}, true, "reaches 1,002 files"},
	} {
		facts := &ServerFacts{Server: "SQL1", Databases: map[string]*ServerDatabase{
			"sales": {Name: "Sales", Exists: true, Files: c.files, Filegroups: min(len(c.files), 1)}}}
		e := NewEngine(Default, &Config{Facts: facts})
		res := parser.ParseFile(parser.NewFile("a.sql", script), &parser.PreprocessOptions{})
		var got *Finding
		for _, f := range e.File(res) {
			if f.Rule.ID == "SL101" {
				got = &f
			}
		}
		if got == nil {
			t.Errorf("%s: no SL101", c.name)
			continue
		}
		onServer := strings.Contains(got.Message, "already has on the server")
		if (got.Confirmed != "") != c.confirmed || onServer != c.confirmed || !strings.Contains(got.Message, c.count) {
			t.Errorf("%s: confirmed %q, want %v: %s", c.name, got.Confirmed, c.confirmed, got.Message)
		}
	}
}

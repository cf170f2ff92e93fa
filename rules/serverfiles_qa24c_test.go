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

// TDE rules out IFI: SL201 and SL209 said "confirmed on SERVER" for a
// database that uses TDE whenever a server was asked, also when only the
// scripts turned TDE on and the server told nothing (IFI unknown, the
// database not there). Confirmed only when the server says the database
// is encrypted.
func TestTDEConfirmedOnlyByTheServer(t *testing.T) {
	const script = "ALTER DATABASE Sales SET ENCRYPTION ON;\n" +
		"ALTER DATABASE Sales ADD FILE (NAME = more, FILENAME = 'D:\\more.ndf', SIZE = 10GB, FILEGROWTH = 10GB);\n"
	yes := true
	for _, c := range []struct {
		name      string
		db        *ServerDatabase
		confirmed bool
	}{
		{"not on the server", nil, false},
		{"on the server without TDE", &ServerDatabase{Name: "Sales", Exists: true, Encrypted: new(bool),
			Files: []ServerFile{{Name: "Sales", Filegroup: "PRIMARY", Size: 8 << 20}, {Name: "Sales_log", Log: true, Size: 8 << 20}}, Filegroups: 1}, false},
		{"encrypted on the server", &ServerDatabase{Name: "Sales", Exists: true, Encrypted: &yes,
			Files: []ServerFile{{Name: "Sales", Filegroup: "PRIMARY", Size: 8 << 20}, {Name: "Sales_log", Log: true, Size: 8 << 20}}, Filegroups: 1}, true},
	} {
		facts := &ServerFacts{Server: "SQL1", Databases: map[string]*ServerDatabase{}}
		if c.db != nil {
			facts.Databases["sales"] = c.db
		}
		e := NewEngine(Default, &Config{Facts: facts})
		res := parser.ParseFile(parser.NewFile("a.sql", script), &parser.PreprocessOptions{})
		seen := map[string]bool{}
		for _, f := range e.File(res) {
			if f.Rule.ID != "SL201" && f.Rule.ID != "SL209" {
				continue
			}
			seen[f.Rule.ID] = true
			if (f.Confirmed != "") != c.confirmed {
				t.Errorf("%s: %s confirmed %q, want %v: %s", c.name, f.Rule.ID, f.Confirmed, c.confirmed, f.Message)
			}
		}
		if !seen["SL201"] || !seen["SL209"] {
			t.Errorf("%s: findings %v, want SL201 and SL209", c.name, seen)
		}
	}
}

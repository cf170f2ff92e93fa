package parser

import "testing"

// realForms are statement forms found in public deployment scripts that
// SQL Server accepts: each must parse, on the fast path and in the grammar
// alike, with no SL001.
var realForms = []struct {
	src string
	// attach is the FOR clause the statement must keep ("" for none)
	attach string
}{
	// an undocumented attach mode that SQL Server's own T-SQL parser
	// (ScriptDom's AttachMode) knows: the log is rebuilt even when the
	// database was not shut down cleanly
	{"CREATE DATABASE Archive ON (FILENAME = 'a.mdf') FOR ATTACH_FORCE_REBUILD_LOG WITH TRUSTWORTHY OFF, DB_CHAINING ON", "ATTACH_FORCE_REBUILD_LOG"},
	{"create database Archive on (filename = 'a.mdf') for attach_force_rebuild_log", "ATTACH_FORCE_REBUILD_LOG"},
	{"CREATE DATABASE Archive ON (FILENAME = 'a.mdf') FOR ATTACH_REBUILD_LOG", "ATTACH_REBUILD_LOG"},
}

func TestRealForms(t *testing.T) {
	for _, c := range realForms {
		bothCreateDatabase(t, c.src, func(fast bool, cd *CreateDatabase) {
			if cd.Attach != c.attach {
				t.Errorf("%q (fast path %v): FOR %q, want %q", c.src, fast, cd.Attach, c.attach)
			}
		})
	}
}

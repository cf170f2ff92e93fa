package parser

import "testing"

// A batch whose first statement creates or alters a procedure, function
// or trigger is a module: every statement of it is InModule; any other
// batch is not, however it starts.
func TestModuleHeader(t *testing.T) {
	for _, tc := range []struct {
		text   string
		module bool
	}{
		{"CREATE PROCEDURE p AS BACKUP DATABASE d TO DISK = 'x'", true},
		{"create proc p as backup database d to disk = 'x'", true},
		{"Create Or Alter Procedure p AS CHECKPOINT", true},
		{"CREATE OR ALTER FUNCTION f() RETURNS int AS BEGIN RETURN 1 END", true},
		{"ALTER TRIGGER t ON x AFTER INSERT AS CHECKPOINT", true},
		{"alter function f() returns int as begin return 1 end", true},
		{"CREATE TRIGGER t ON DATABASE FOR DROP_TABLE AS CHECKPOINT", true},
		{"CREATE OR ALTER VIEW v AS SELECT 1", false},
		{"CREATE TABLE t (a int); CHECKPOINT", false},
		{"ALTER OR ALTER PROC p AS CHECKPOINT", false},
		{"CREATE OR PROC p AS CHECKPOINT", false},
		{"CREATE OR REPLACE PROC p AS CHECKPOINT", false},
		{"CREATE ALTER PROC p AS CHECKPOINT", false},
		{"[CREATE] PROC p AS CHECKPOINT", false},
		{"SELECT 1; CREATE PROC p AS CHECKPOINT", false},
		{"CHECKPOINT; ALTER PROC p AS CHECKPOINT", false},
		{"CREATED PROC p AS CHECKPOINT", false},
		{"ALTER", false},
		{"CREATE OR", false},
	} {
		r := ParseScript(Preprocess(NewFile("m.sql", tc.text), nil))
		if len(r.Statements) == 0 {
			t.Fatalf("%q: no statements", tc.text)
		}
		for _, st := range r.Statements {
			if st.InModule != tc.module {
				t.Errorf("%q: statement at %d InModule %v, want %v", tc.text, st.Start, st.InModule, tc.module)
			}
		}
	}
}

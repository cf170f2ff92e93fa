package parser

import "testing"

// BACKUP's syntax block (SQL Server 2022 and 2025) writes COMPRESSION
// [ ALGORITHM = { MS_XPRESS | accelerator_algorithm } ] without
// parentheses: both parse paths take it, as the parenthesized form, and
// keep the algorithm as COMPRESSION's value; ALGORITHM after another
// option stays an error.
func TestCompressionAlgorithmWithoutParentheses(t *testing.T) {
	cases := []struct{ src, value string }{
		{"BACKUP DATABASE d TO DISK = 'x' WITH COMPRESSION ALGORITHM = ZSTD", "ALGORITHM = ZSTD"},
		{"backup log d to disk = 'x' with init, compression algorithm = QAT_DEFLATE, stats = 5;", "ALGORITHM = QAT_DEFLATE"},
		{"BACKUP DATABASE d TO DISK = 'x' WITH COMPRESSION (ALGORITHM = ZSTD)", "(ALGORITHM = ZSTD)"},
		{"BACKUP DATABASE d TO DISK = 'x' WITH COMPRESSION", ""},
	}
	for _, c := range cases {
		bothParses(t, "t.sql", c.src, nil, func(fast bool, r *Result) {
			if len(r.Diags) != 0 || len(r.Statements) != 1 {
				t.Errorf("%q (fast path %v): %v", c.src, fast, r.Diags)
				return
			}
			b, ok := r.Statements[0].Node.(*Backup)
			if !ok {
				t.Errorf("%q (fast path %v): not a BACKUP", c.src, fast)
				return
			}
			found := false
			for _, o := range b.Options {
				if o.Name == "COMPRESSION" {
					found = true
					if o.Value != c.value {
						t.Errorf("%q (fast path %v): COMPRESSION = %q, want %q", c.src, fast, o.Value, c.value)
					}
				}
			}
			if !found {
				t.Errorf("%q (fast path %v): no COMPRESSION option in %v", c.src, fast, b.Options)
			}
		})
	}
	for _, src := range []string{
		"BACKUP DATABASE d TO DISK = 'x' WITH INIT ALGORITHM = ZSTD",
		"BACKUP DATABASE d TO DISK = 'x' WITH COMPRESSION ALGORITHM ZSTD",
		"BACKUP DATABASE d TO DISK = 'x' WITH COMPRESSION ALGORITHM =",
	} {
		bothParses(t, "t.sql", src, nil, func(fast bool, r *Result) {
			if len(r.Diags) != 1 || r.Diags[0].Rule != "SL001" {
				t.Errorf("%q (fast path %v): want one SL001, got %v", src, fast, r.Diags)
			}
		})
	}
}

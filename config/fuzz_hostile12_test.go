package config

import (
	"testing"

	"github.com/sqllint/sqllint/rules"
)

// FuzzParse: the config file comes with the repository, so from a pull
// request: whatever it holds, Parse returns a config or an error, and
// never panics (YAML anchors and aliases, huge numbers, sizes, globs,
// rule options of every type).
func FuzzParse(f *testing.F) {
	f.Add([]byte("max-file-size: 64MB\nenv: [\"*\"]\ninclude-roots: [../x]\nexclude: ['**/[a-']\n"))
	f.Add([]byte("options:\n  SL101:\n    startup-budget: ten\n"))
	f.Add([]byte("a: &a [*a, *a]\nb: &b [*a, *a]\nvariables: *b\n"))
	f.Add([]byte("max-expanded-size: 99999999999999999999GB\ntarget-version: 2008R2\nrules: {SL302: off}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		cfg, err := Parse(".sqllint.yaml", data, rules.Default)
		if err == nil && cfg == nil {
			t.Fatal("nil config without an error")
		}
	})
}

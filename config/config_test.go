package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/parser"
	"github.com/sqllint/sqllint/rules"
)

// allIDs returns every rule ID of the default registry.
func allIDs() []string {
	var ids []string
	for _, r := range rules.Default.All() {
		ids = append(ids, r.ID)
	}
	return ids
}

// disabledExcept returns a Disabled map with every rule but keep.
func disabledExcept(keep ...string) map[string]bool {
	m := map[string]bool{}
	for _, id := range allIDs() {
		m[id] = true
	}
	for _, k := range keep {
		delete(m, k)
	}
	return m
}

func TestParseValid(t *testing.T) {
	tests := []struct {
		name string
		yaml string
		want func(c *Config) // applied to Default()
	}{
		{"empty", "", func(c *Config) {}},
		{"comments only", "# nothing\n# here\n", func(c *Config) {}},
		{"null values keep defaults", "rules:\nseverity:\noptions:\ninclude:\nexclude:\nvariables:\ntarget-version:\nfail-on:\n", func(c *Config) {}},
		{"all", "rules: [all]\n", func(c *Config) {}},
		{"scalar all", "rules: all\n", func(c *Config) {}},
		{"disable by ID", "rules: [all, -SL302]\n", func(c *Config) {
			c.Rules.Disabled["SL302"] = true
		}},
		{"disable by name and any case", "rules: [all, -checkpoint-duration, -sl101, \"- SL102\"]\n", func(c *Config) {
			c.Rules.Disabled["SL302"] = true
			c.Rules.Disabled["SL101"] = true
			c.Rules.Disabled["SL102"] = true
		}},
		{"only negatives start from all", "rules:\n  - -SL302\n  - -backup-to-nul\n", func(c *Config) {
			c.Rules.Disabled["SL302"] = true
			c.Rules.Disabled["SL304"] = true
		}},
		{"positives only run those", "rules: [SL101, file-limit]\n", func(c *Config) {
			c.Rules.Disabled = disabledExcept("SL101", "SL102")
		}},
		{"-all then add", "rules: [-all, SL101]\n", func(c *Config) {
			c.Rules.Disabled = disabledExcept("SL101")
		}},
		{"later entry wins", "rules: [all, -SL101, SL101, -SL102]\n", func(c *Config) {
			c.Rules.Disabled["SL102"] = true
		}},
		{"severity", "severity:\n  SL101: error\n  checkpoint-duration: info\n  SL303: off\n  SL304: Warning\n", func(c *Config) {
			c.Rules.Severity["SL101"] = parser.SevError
			c.Rules.Severity["SL302"] = parser.SevInfo
			c.Rules.Severity["SL304"] = parser.SevWarning
			c.Rules.Disabled["SL303"] = true
		}},
		{"severity all, rule wins", "severity: {all: info, SL101: error}\n", func(c *Config) {
			for _, id := range allIDs() {
				c.Rules.Severity[id] = parser.SevInfo
			}
			c.Rules.Severity["SL101"] = parser.SevError
		}},
		{"severity all off, rule back on", "severity: {all: off, too-many-files: warning}\n", func(c *Config) {
			c.Rules.Disabled = disabledExcept("SL101")
			c.Rules.Severity["SL101"] = parser.SevWarning
		}},
		{"severity does not enable a rule the rules list disables", "rules: [all, -SL101]\nseverity: {SL101: error}\n", func(c *Config) {
			c.Rules.Disabled["SL101"] = true
			c.Rules.Severity["SL101"] = parser.SevError
		}},
		{"options per rule", "options:\n  SL101:\n    startup-budget: 15\n  data-file-zeroing:\n    zeroing-rate: 250.5\n    zeroing-budget: 0\n", func(c *Config) {
			c.Rules.Options["SL101"] = map[string]float64{"startup-budget": 15}
			c.Rules.Options["SL201"] = map[string]float64{"zeroing-rate": 250.5, "zeroing-budget": 0}
		}},
		{"options under all, rule wins", "options:\n  all:\n    zeroing-rate: 250\n  SL202:\n    zeroing-rate: 300\n", func(c *Config) {
			c.Rules.Options["SL201"] = map[string]float64{"zeroing-rate": 250}
			c.Rules.Options["SL202"] = map[string]float64{"zeroing-rate": 300}
			c.Rules.Options["SL203"] = map[string]float64{"zeroing-rate": 250}
			c.Rules.Options["SL207"] = map[string]float64{"zeroing-rate": 250}
			c.Rules.Options["SL208"] = map[string]float64{"zeroing-rate": 250}
			c.Rules.Options["SL209"] = map[string]float64{"zeroing-rate": 250}
		}},
		{"options all with a one-rule option", "options: {all: {max-duration: 30}}\n", func(c *Config) {
			c.Rules.Options["SL302"] = map[string]float64{"max-duration": 30}
		}},
		{"options with a null rule entry", "options:\n  SL101:\n", func(c *Config) {}},
		{"aliases", "options:\n  SL201: &z {zeroing-rate: 200}\n  SL202: *z\n", func(c *Config) {
			c.Rules.Options["SL201"] = map[string]float64{"zeroing-rate": 200}
			c.Rules.Options["SL202"] = map[string]float64{"zeroing-rate": 200}
		}},
		{"target-version 2012", "target-version: 2012\n", func(c *Config) { c.Rules.TargetVersion = 11 }},
		{"target-version 2014", "target-version: 2014\n", func(c *Config) { c.Rules.TargetVersion = 12 }},
		{"target-version 2016", "target-version: 2016\n", func(c *Config) { c.Rules.TargetVersion = 13 }},
		{"target-version 2017", "target-version: 2017\n", func(c *Config) { c.Rules.TargetVersion = 14 }},
		{"target-version 2019", "target-version: 2019\n", func(c *Config) { c.Rules.TargetVersion = 15 }},
		{"target-version 2022", "target-version: 2022\n", func(c *Config) { c.Rules.TargetVersion = 16 }},
		{"target-version 2025", "target-version: 2025\n", func(c *Config) { c.Rules.TargetVersion = 17 }},
		{"target-version quoted", "target-version: \"2019\"\n", func(c *Config) { c.Rules.TargetVersion = 15 }},
		{"target-version major 11", "target-version: 11\n", func(c *Config) { c.Rules.TargetVersion = 11 }},
		{"target-version major 16", "target-version: 16\n", func(c *Config) { c.Rules.TargetVersion = 16 }},
		{"target-version major 17", "target-version: 17\n", func(c *Config) { c.Rules.TargetVersion = 17 }},
		{"full example", `rules: [all, -SL302]
severity:
  SL101: error
options:
  SL101:
    startup-budget: 15
  SL201:
    zeroing-rate: 250
  all:
    zeroing-rate: 200
target-version: 2022
include: ["**/*.sql"]
exclude: ["legacy/**", "**/*.generated.sql"]
variables:
  DatabaseName: Sales
  Port: 1433
  Empty:
database: master
server: "sqlserver://user@host:1433?database=master"
fail-on: warning
`, func(c *Config) {
			c.Rules.Disabled["SL302"] = true
			c.Rules.Severity["SL101"] = parser.SevError
			c.Rules.Options["SL101"] = map[string]float64{"startup-budget": 15}
			c.Rules.Options["SL201"] = map[string]float64{"zeroing-rate": 250}
			c.Rules.Options["SL202"] = map[string]float64{"zeroing-rate": 200}
			c.Rules.Options["SL203"] = map[string]float64{"zeroing-rate": 200}
			c.Rules.Options["SL207"] = map[string]float64{"zeroing-rate": 200}
			c.Rules.Options["SL208"] = map[string]float64{"zeroing-rate": 200}
			c.Rules.Options["SL209"] = map[string]float64{"zeroing-rate": 200}
			c.Rules.TargetVersion = 16
			c.Rules.DefaultDatabase = "master"
			c.Include = []string{"**/*.sql"}
			c.Exclude = []string{"legacy/**", "**/*.generated.sql"}
			c.Variables = map[string]string{"DatabaseName": "Sales", "Port": "1433", "Empty": ""}
			c.Server = "sqlserver://user@host:1433?database=master"
			c.FailOn = "warning"
		}},
		{"include replaces the default; scalar glob", "include: \"migrations/**/*.sql\"\nexclude: [\"./legacy/\"]\n", func(c *Config) {
			c.Include = []string{"migrations/**/*.sql"}
			c.Exclude = []string{"./legacy/"}
		}},
		{"server in ADO form without password", "server: \"server=host,1433;user id=deploy;database=master\"\n", func(c *Config) {
			c.Server = "server=host,1433;user id=deploy;database=master"
		}},
		{"server host only", "server: db01\\SQL2022\n", func(c *Config) { c.Server = `db01\SQL2022` }},
		{"fail-on any case", "fail-on: NEVER\n", func(c *Config) { c.FailOn = "never" }},
		{"fail-on error", "fail-on: error\n", func(c *Config) { c.FailOn = "error" }},
		{"fail-on info", "fail-on: info\n", func(c *Config) { c.FailOn = "info" }},
		{"document marker", "---\nfail-on: error\n", func(c *Config) { c.FailOn = "error" }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Parse("", []byte(tt.yaml), rules.Default)
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			want := Default()
			tt.want(want)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("got\n%+v\nwant\n%+v", got, want)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name      string
		yaml      string
		line, col int
		key       string
		msg       string // the whole message, or a prefix when it ends in "..."
	}{
		// YAML syntax
		{"unclosed flow list", "fail-on: error\nrules: [all, -SL302\nseverity: {}\n", 2, 9, "",
			"invalid YAML: did not find expected ',' or ']'"},
		{"tab indentation", "options:\n\tSL101: {}\n", 2, 1, "",
			"invalid YAML: found character that cannot start any token (a tab: YAML indents with spaces only)"},
		{"tab indenting the first line", "\trules: [all]\n", 1, 1, "",
			"invalid YAML: found character that cannot start any token (a tab: YAML indents with spaces only)"},
		{"bad indentation", "rules: [all]\n  severity: x\n", 2, 3, "",
			"invalid YAML: did not find expected key"},
		{"mapping value in a scalar", "rules: [all]\nfail-on: x: y\n", 2, 11, "",
			"invalid YAML: mapping values are not allowed in this context"},
		{"error on the first line", "fail-on: @x\n", 1, 10, "",
			"invalid YAML: found character that cannot start any token"},
		{"unclosed quote", "database: master\nserver: \"host\n", 2, 9, "",
			"invalid YAML: found unexpected end of stream"},
		{"key indented under a list", "rules:\n  - all\n  fail-on: error\n", 3, 3, "",
			"invalid YAML: did not find expected '-' indicator"},
		{"key less indented than its block", "options:\n  SL101:\n    startup-budget: 1\n   SL201: {}\n", 4, 4, "",
			"invalid YAML: did not find expected key"},
		{"tab before a later key", "rules:\n  - all\n\tfail-on: error\n", 3, 1, "",
			"invalid YAML: found a tab character that violates indentation"},
		{"text after a quoted value", "fail-on: 'error' x\n", 1, 18, "",
			"invalid YAML: did not find expected key"},
		{"unknown anchor", "rules: [all]\n\nseverity: {SL101: *sev}\n", 3, 19, "",
			"invalid YAML: unknown anchor 'sev' referenced"},
		{"two documents", "rules: [all]\n---\nfail-on: error\n", 3, 1, "",
			"a config file holds one YAML document, found a second"},
		{"not a mapping", "- rules\n- all\n", 1, 1, "",
			`the config file must be a mapping (key: value lines), got a list`},

		// unknown keys
		{"unknown key", "rulez: [all]\n", 1, 1, "", `unknown key "rulez" (did you mean "rules"?)`},
		{"unknown key far from any", "\n\nfrobnicate: 1\n", 3, 1, "", `unknown key "frobnicate"`},
		{"unknown key with no value", "severty:\n", 1, 1, "", `unknown key "severty" (did you mean "severity"?)`},
		{"top-level option", "zeroing-rate: 250\n", 1, 1, "",
			`unknown key "zeroing-rate": rule options go under options, per rule or for every rule that has them: options: {all: {zeroing-rate: ...}}`},
		{"top-level rule", "SL101: error\n", 1, 1, "",
			`unknown key "SL101": set a rule's severity under severity and its options under options`},
		{"case matters for keys", "Rules: [all]\n", 1, 1, "", `unknown key "Rules" (did you mean "rules"?)`},

		// unknown rules
		{"unknown rule ID in rules", "rules: [all, -SL999]\n", 1, 14, "rules[1]", `unknown rule "SL999"`},
		{"unknown rule name in rules", "rules:\n  - all\n  - -checkpoint-duraton\n", 3, 5, "rules[1]",
			`unknown rule "checkpoint-duraton" (did you mean "checkpoint-duration"?)`},
		{"unknown rule in scalar rules", "rules: SL9\n", 1, 8, "rules", `unknown rule "SL9"...`},
		{"unknown rule in severity", "severity:\n  SL101: error\n  SL999: error\n", 3, 3, "severity", `unknown rule "SL999"...`},
		{"unknown rule name in severity", "severity:\n  too-many-file: error\n", 2, 3, "severity",
			`unknown rule "too-many-file" (did you mean "too-many-files"?)`},
		{"unknown rule in options", "options:\n  data-file-zeroin:\n    zeroing-rate: 1\n", 2, 3, "options",
			`unknown rule "data-file-zeroin" (did you mean "data-file-zeroing"?)`},

		// unknown options
		{"unknown option", "options:\n  SL101:\n    startup-budgt: 15\n", 3, 5, "options.SL101",
			`unknown option "startup-budgt" for rule SL101 (too-many-files) (did you mean "startup-budget"?): its options are startup-budget`},
		{"option of another rule", "options:\n  log-autogrowth:\n    zeroing-budget: 15\n", 3, 5, "options.log-autogrowth",
			`unknown option "zeroing-budget" for rule SL203 (log-autogrowth): its options are zeroing-rate, autogrowth-budget`},
		{"rule without options", "options:\n  SL102:\n    max: 1\n", 3, 5, "options.SL102",
			`unknown option "max": rule SL102 (file-limit) has no options`},
		{"unknown option under all", "options:\n  all:\n    zeroing-rat: 1\n", 3, 5, "options.all",
			`unknown option "zeroing-rat" (did you mean "zeroing-rate"?): no rule has it; the options are autogrowth-budget, max-duration, startup-budget, zeroing-budget, zeroing-rate`},

		// option values
		{"non-numeric option", "options:\n  SL101:\n    startup-budget: ten\n", 3, 21, "options.SL101.startup-budget",
			`must be a number, got "ten"`},
		{"quoted number", "options:\n  SL101:\n    startup-budget: \"15\"\n", 3, 21, "options.SL101.startup-budget",
			`must be a number, got the string "15" (remove the quotes)`},
		{"number with unit", "options: {SL201: {zeroing-rate: 250MB}}\n", 1, 33, "options.SL201.zeroing-rate",
			`must be a number, got "250MB"`},
		{"boolean option", "options: {SL302: {max-duration: true}}\n", 1, 33, "options.SL302.max-duration",
			`must be a number, got "true"`},
		{"negative option", "options:\n  all:\n    zeroing-rate: -5\n", 3, 19, "options.all.zeroing-rate",
			`must not be negative, got -5`},
		{"zero rate", "options:\n  SL201:\n    zeroing-rate: 0\n", 3, 19, "options.SL201.zeroing-rate",
			`a rate must be more than 0, got 0`},
		{"zero rate for all", "options:\n  all: {zeroing-rate: 0.0}\n", 2, 23, "options.all.zeroing-rate",
			`a rate must be more than 0, got 0.0`},
		{"rate too small to estimate", "options:\n  all: {zeroing-rate: 1e-308}\n", 2, 23, "options.all.zeroing-rate",
			`a rate must be at least 0.001 (estimates divide by it), got 1e-308`},
		{"option too large to print", "options:\n  SL101:\n    startup-budget: 1e300\n", 3, 21, "options.SL101.startup-budget",
			`must be at most 1e+12, got 1e300`},
		{"infinite option", "options:\n  SL101:\n    startup-budget: .inf\n", 3, 21, "options.SL101.startup-budget",
			`must be a finite number, got ".inf"`},
		{"list as option value", "options:\n  SL101:\n    startup-budget: [1]\n", 3, 21, "options.SL101.startup-budget",
			`must be a number, got a list`},

		// severity, fail-on, target-version
		{"bad severity", "severity:\n  SL101: fatal\n", 2, 10, "severity.SL101",
			`must be error, warning, info or off, got "fatal"`},
		{"empty severity", "severity:\n  SL101:\n", 2, 9, "severity.SL101",
			`must be error, warning, info or off, got nothing`},
		{"bad severity for all", "severity: {all: loud}\n", 1, 17, "severity.all",
			`must be error, warning, info or off, got "loud"`},
		{"bad fail-on", "fail-on: warnings\n", 1, 10, "fail-on", `must be error, warning, info or never, got "warnings"`},
		{"fail-on list", "fail-on: [error]\n", 1, 10, "fail-on", `must be a string, got a list`},
		{"bad target-version year", "target-version: 2018\n", 1, 17, "target-version",
			`must be a SQL Server version: a release year (2005, 2008, 2008R2, 2012, 2014, 2016, 2017, 2019, 2022 or 2025) or a major version (9, 10, 10.5, or 11 to 17, with or without ".0"), got "2018"`},
		{"bad target-version major", "target-version: 8\n", 1, 17, "target-version", `must be a SQL Server version: ...`},
		{"target-version name", "target-version: SQL2022\n", 1, 17, "target-version", `must be a SQL Server version: ...`},
		{"target-version float", "target-version: 2022.0\n", 1, 17, "target-version", `must be a SQL Server version: ...`},

		// passwords
		{"password in URL", "server: \"sqlserver://sa:s3cret@host:1433?database=master\"\n", 1, 9, "server",
			`holds a password: never store passwords in the config file; set SQLCMDPASSWORD instead`},
		{"empty password in URL", "server: sqlserver://sa:@host\n", 1, 9, "server", `holds a password: ...`},
		{"password in URL query", "server: \"sqlserver://sa@host?database=master&Password=s3cret\"\n", 1, 9, "server", `holds a password: ...`},
		{"password in unparsable URL", "server: \"sqlserver://sa:s3c%ret@host\"\n", 1, 9, "server", `holds a password: ...`},
		{"password in ADO form", "\nserver: \"server=host,1433;user id=sa;password=s3cret;database=master\"\n", 2, 9, "server", `holds a password: ...`},
		{"pwd in ADO form", "server: \"Server=host; UID=sa; PWD = s3cret\"\n", 1, 9, "server", `holds a password: ...`},
		{"pwd in ODBC form", "server: \"odbc:server=host;uid=sa;pwd={s3cret}\"\n", 1, 9, "server", `holds a password: ...`},

		// YAML types
		{"map where a list is expected", "rules:\n  all: true\n", 2, 3, "rules", `must be a list, got a mapping`},
		{"list where a map is expected", "severity: [SL101]\n", 1, 11, "severity", `must be a mapping (key: value lines), got a list`},
		{"scalar where a map is expected", "options: 15\n", 1, 10, "options", `must be a mapping (key: value lines), got "15"`},
		{"number where a rule's map is expected", "options:\n  SL101: 15\n", 2, 10, "options.SL101",
			`must be a mapping (key: value lines), got "15"`},
		// ruff's select = [] runs no rule, sqllint's default is every one:
		// an empty list says neither
		{"empty rules list", "fail-on: error\nrules: []\n", 2, 8, "rules",
			`names no rule: remove the key (or write [all]) to run every rule, or list the rules to run`},
		{"empty rules list with a blank", "rules: [ ]\n", 1, 8, "rules", `names no rule...`},
		{"map in rules list", "rules: [all, {SL101: off}]\n", 1, 14, "rules[1]",
			`must be a rule ID or name, "all", or one of those after "-", got a mapping`},
		{"map in include", "include: {sql: yes}\n", 1, 10, "include", `must be a list, got a mapping`},
		{"list in exclude list", "exclude:\n  - [a, b]\n", 2, 5, "exclude[0]", `must be a string, got a list`},
		{"list of variables", "variables: [DatabaseName=Sales]\n", 1, 12, "variables", `must be a mapping (key: value lines), got a list`},
		{"map as a variable value", "variables:\n  Db: {name: x}\n", 2, 7, "variables.Db", `must be a string, got a mapping`},
		{"list as database", "database: [master]\n", 1, 11, "database", `must be a string, got a list`},
		{"map as server", "server: {host: x}\n", 1, 9, "server", `must be a string, got a mapping`},
		{"list as a key", "severity:\n  ? [SL101]\n  : error\n", 2, 5, "severity", `a key must be a plain word, got a list`},
		{"merge key", "base: &b {SL101: error}\nseverity:\n  <<: *b\n", 1, 1, "", `unknown key "base"...`},
		{"merge key in severity", "severity:\n  <<: {SL101: error}\n", 2, 3, "severity", `merge keys (<<) are not supported`},

		// duplicates
		{"duplicate top-level key", "rules: [all]\nfail-on: error\nrules: [all, -SL302]\n", 3, 1, "",
			`duplicate key "rules" (first at line 1)`},
		{"duplicate rule in severity", "severity:\n  SL101: error\n  SL101: info\n", 3, 3, "severity",
			`duplicate key "SL101" (first at line 2)`},
		{"same rule by ID and name", "severity:\n  SL101: error\n  too-many-files: info\n", 3, 3, "severity",
			`"too-many-files" names the same rule as "SL101" at line 2`},
		{"same rule in two cases", "options:\n  sl101: {startup-budget: 1}\n  SL101: {startup-budget: 2}\n", 3, 3, "options",
			`"SL101" names the same rule as "sl101" at line 2`},
		{"duplicate option", "options:\n  SL101:\n    startup-budget: 1\n    startup-budget: 2\n", 4, 5, "options.SL101",
			`duplicate key "startup-budget" (first at line 3)`},
		{"duplicate variable", "variables:\n  Db: a\n  Db: b\n", 3, 3, "variables", `duplicate key "Db" (first at line 2)`},
		{"duplicate variable in another case", "variables:\n  Db: a\n  DB: b\n", 3, 3, "variables",
			`duplicate variable "DB": sqlcmd names ignore case and "Db" is at line 2`},

		// globs and variables
		{"bad glob", "exclude: [\"legacy/[\"]\n", 1, 11, "exclude[0]", `bad glob "legacy/[": syntax error in pattern`},
		{"absolute glob", "include:\n  - /srv/sql/**\n", 2, 5, "include[0]", `glob "/srv/sql/**" must be relative to the config file's folder`},
		{"empty glob", "include: [\"\"]\n", 1, 11, "include[0]", `must be a glob, got an empty string`},
		{"bad variable name", "variables:\n  \"Database Name\": Sales\n", 2, 3, "variables",
			`bad sqlcmd variable name "Database Name": no blanks, quotes, =, $, ( or )`},

		// several problems: the first in file order
		{"first of several", "options:\n  SL101:\n    startup-budget: ten\nrulez: []\nfail-on: x\n", 3, 21, "options.SL101.startup-budget",
			`must be a number, got "ten"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, err := Parse(".sqllint.yaml", []byte(tt.yaml), rules.Default)
			if err == nil {
				t.Fatalf("no error; got %+v", cfg)
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error %T %v is not an *Error", err, err)
			}
			if e.File != ".sqllint.yaml" || e.Line != tt.line || e.Column != tt.col || e.Key != tt.key {
				t.Errorf("at %s:%d:%d key %q, want %s:%d:%d key %q (%v)", e.File, e.Line, e.Column, e.Key, ".sqllint.yaml", tt.line, tt.col, tt.key, err)
			}
			if prefix, ok := strings.CutSuffix(tt.msg, "..."); ok {
				if !strings.HasPrefix(e.Msg, prefix) {
					t.Errorf("message %q, want it to start with %q", e.Msg, prefix)
				}
			} else if e.Msg != tt.msg {
				t.Errorf("message\n%q\nwant\n%q", e.Msg, tt.msg)
			}
			if strings.Contains(err.Error(), "s3c") {
				t.Errorf("error %q repeats the password", err)
			}
		})
	}
}

func TestErrorString(t *testing.T) {
	_, err := Parse("dir/.sqllint.yaml", []byte("options:\n  SL101:\n    startup-budget: ten\n"), nil)
	want := `dir/.sqllint.yaml:3:21: key "options.SL101.startup-budget": must be a number, got "ten"`
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
	_, err = Parse("c.yaml", []byte("rulez: [all]\n"), nil)
	if want := `c.yaml:1:1: unknown key "rulez" (did you mean "rules"?)`; err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
	_, err = Parse("c.yaml", []byte("a: [\n"), nil)
	if want := `c.yaml:1:4: invalid YAML: did not find expected node content`; err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}

func TestParseSetsPathAndDir(t *testing.T) {
	cfg, err := Parse(filepath.Join("a", "b", ".sqllint.yaml"), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Path != filepath.Join("a", "b", ".sqllint.yaml") || cfg.Dir != filepath.Join("a", "b") {
		t.Errorf("Path %q Dir %q", cfg.Path, cfg.Dir)
	}
}

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, ".sqllint.yml")
	if err := os.WriteFile(path, []byte("rules: [all, -SL302]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, err := Load(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Path != path || cfg.Dir != dir || !cfg.Rules.Disabled["SL302"] {
		t.Errorf("got Path %q Dir %q Disabled %v", cfg.Path, cfg.Dir, cfg.Rules.Disabled)
	}

	_, err = Load(filepath.Join(dir, "missing.yaml"), nil)
	var e *Error
	if !errors.As(err, &e) || !errors.Is(err, fs.ErrNotExist) || e.File != filepath.Join(dir, "missing.yaml") {
		t.Errorf("missing file: got %v", err)
	}

	bad := filepath.Join(dir, "bad.yaml")
	if err := os.WriteFile(bad, []byte("\nfail-on: sometimes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = Load(bad, nil)
	if !errors.As(err, &e) || e.File != bad || e.Line != 2 || e.Column != 10 {
		t.Errorf("bad file: got %v", err)
	}
}

func TestDiscover(t *testing.T) {
	write := func(path string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte("rules: [all]\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	root := t.TempDir()
	home := t.TempDir()
	t.Setenv("HOME", home)

	deep := filepath.Join(root, "repo", "db", "migrations", "v1")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(deep, "001.sql")
	write(script)

	check := func(name, dir, want string, wantErr bool) {
		t.Helper()
		got, err := Discover(dir)
		if (err != nil) != wantErr || got != want {
			t.Errorf("%s: Discover(%s) = %q, %v; want %q (error %v)", name, dir, got, err, want, wantErr)
		}
	}

	check("none anywhere", deep, "", false)

	homeCfg := filepath.Join(home, ".sqllint.yml")
	write(homeCfg)
	check("home fallback", deep, homeCfg, false)

	repoCfg := filepath.Join(root, "repo", ".sqllint.yaml")
	write(repoCfg)
	check("nearest above", deep, repoCfg, false)
	check("in the folder itself", filepath.Join(root, "repo"), repoCfg, false)
	check("from a file", script, repoCfg, false)

	dbCfg := filepath.Join(root, "repo", "db", ".sqllint.yml")
	write(dbCfg)
	check("nearer wins", deep, dbCfg, false)
	check("outside the nearer folder", filepath.Join(root, "repo"), repoCfg, false)

	// a folder named like the file is an error naming it, not skipped
	// without a word (TestConfigNameNotRegular)
	if err := os.MkdirAll(filepath.Join(deep, ".sqllint.yaml"), 0o755); err != nil {
		t.Fatal(err)
	}
	check("folder named .sqllint.yaml", deep, "", true)
	if err := os.Remove(filepath.Join(deep, ".sqllint.yaml")); err != nil {
		t.Fatal(err)
	}

	write(filepath.Join(root, "repo", "db", ".sqllint.yaml"))
	check("both names in one folder", deep, "", true)

	// relative paths walk up from the working directory
	t.Chdir(deep)
	check("relative", ".", "", true)
	check("empty is the working directory", "", "", true)
	if err := os.Remove(filepath.Join(root, "repo", "db", ".sqllint.yaml")); err != nil {
		t.Fatal(err)
	}
	check("relative after fix", ".", dbCfg, false)
}

func TestStarter(t *testing.T) {
	s := Starter()
	cfg, err := Parse("", []byte(s), rules.Default)
	if err != nil {
		t.Fatalf("Parse(Starter()): %v\n%s", err, s)
	}
	if want := Default(); !reflect.DeepEqual(cfg, want) {
		t.Errorf("Parse(Starter()) =\n%+v\nwant Default()\n%+v", cfg, want)
	}

	// Every rule and option is listed with its default.
	for _, r := range rules.Default.All() {
		if !strings.Contains(s, "# "+r.ID+": "+r.Severity.String()) {
			t.Errorf("starter lacks the severity of %s", r.ID)
		}
		for _, o := range r.Options {
			if !strings.Contains(s, o.Name+": "+number(o.Default)) {
				t.Errorf("starter lacks option %s.%s", r.ID, o.Name)
			}
		}
	}

	// Uncommented, the listed severities and options are valid and are
	// the defaults.
	uncommented := uncommentSections(s, keySeverity, keyOptions)
	if uncommented == s {
		t.Fatal("nothing to uncomment")
	}
	cfg, err = Parse("", []byte(uncommented), rules.Default)
	if err != nil {
		t.Fatalf("uncommented starter: %v\n%s", err, uncommented)
	}
	if len(cfg.Rules.Disabled) != 0 {
		t.Errorf("uncommented starter disables %v", cfg.Rules.Disabled)
	}
	for _, r := range rules.Default.All() {
		if got := cfg.Rules.Severity[r.ID]; got != r.Severity {
			t.Errorf("uncommented starter: %s severity %v, want %v", r.ID, got, r.Severity)
		}
		for _, o := range r.Options {
			v, ok := cfg.Rules.Options[r.ID][o.Name]
			if !ok || v != o.Default {
				t.Errorf("uncommented starter: %s %s = %v (set %v), want %v", r.ID, o.Name, v, ok, o.Default)
			}
		}
	}

	// The commented top-level examples are valid too.
	examples := regexp.MustCompile(`(?m)^# ((?:target-version|database|server|fail-on): .*)$`).ReplaceAllString(s, "$1")
	examples = strings.Replace(examples, "#   DatabaseName: Sales", "  DatabaseName: Sales", 1)
	cfg, err = Parse("", []byte(examples), rules.Default)
	if err != nil {
		t.Fatalf("starter with its examples: %v\n%s", err, examples)
	}
	if cfg.Rules.TargetVersion != 16 || cfg.Rules.DefaultDatabase != "master" || cfg.FailOn != "warning" ||
		cfg.Server == "" || cfg.Variables["DatabaseName"] != "Sales" {
		t.Errorf("starter examples gave %+v", cfg)
	}
}

// uncommentSections removes "# " from the indented comment lines of the
// given top-level sections.
func uncommentSections(s string, sections ...string) string {
	lines := strings.Split(s, "\n")
	section := ""
	for i, line := range lines {
		if line != "" && line[0] != ' ' && line[0] != '#' {
			section, _, _ = strings.Cut(line, ":")
			continue
		}
		if !contains(sections, section) {
			continue
		}
		switch {
		case line == "  #":
			lines[i] = ""
		case strings.HasPrefix(line, "  # "):
			lines[i] = "  " + line[len("  # "):]
		}
	}
	return strings.Join(lines, "\n")
}

func TestMatch(t *testing.T) {
	tests := []struct {
		include, exclude []string
		path             string
		walk             bool
		want             bool
	}{
		// **/*.sql, the default
		{nil, nil, "a.sql", true, true},
		{nil, nil, "a/b/c.sql", true, true},
		{nil, nil, "a/b/C.SQL", true, true},
		{nil, nil, "a/b/c.txt", true, false},
		{nil, nil, "./a/b.sql", true, true},
		{[]string{"**/*.sql"}, nil, "x.sql", true, true},
		{[]string{"**/*.sql"}, nil, "x/y/z.sql", true, true},
		{[]string{"**/*.sql"}, nil, "x/y/z.sqlx", true, false},
		// a file named on the command line ignores include
		{[]string{"**/*.sql"}, nil, "deploy.txt", false, true},
		// legacy/**
		{nil, []string{"legacy/**"}, "legacy/old.sql", true, false},
		{nil, []string{"legacy/**"}, "legacy/a/b/old.sql", true, false},
		{nil, []string{"legacy/**"}, "legacy/old.sql", false, false},
		{nil, []string{"legacy/**"}, "src/legacy/old.sql", true, true},
		{nil, []string{"legacy/**"}, "legacy.sql", true, true},
		{nil, []string{"legacy/"}, "legacy/a.sql", true, false},
		{nil, []string{"legacy"}, "legacy/a/b.sql", true, false}, // a parent folder matches
		{nil, []string{"**/*.generated.sql"}, "a/b/x.generated.sql", true, false},
		{nil, []string{"**/*.generated.sql"}, "x.generated.sql", true, false},
		{nil, []string{"**/*.generated.sql"}, "x.sql", true, true},
		// a/*/b.sql
		{[]string{"a/*/b.sql"}, nil, "a/x/b.sql", true, true},
		{[]string{"a/*/b.sql"}, nil, "a/b.sql", true, false},
		{[]string{"a/*/b.sql"}, nil, "a/x/y/b.sql", true, false},
		{[]string{"a/*/b.sql"}, nil, "z/a/x/b.sql", true, false},
		// **/V?__*.sql (Flyway)
		{[]string{"**/V?__*.sql"}, nil, "V1__init.sql", true, true},
		{[]string{"**/V?__*.sql"}, nil, "db/migrations/V2__add_files.sql", true, true},
		{[]string{"**/V?__*.sql"}, nil, "db/V10__too_long.sql", true, false},
		{[]string{"**/V?__*.sql"}, nil, "db/R__repeatable.sql", true, false},
		// ** in the middle, repeated, and classes
		{[]string{"db/**/deploy/*.sql"}, nil, "db/deploy/a.sql", true, true},
		{[]string{"db/**/deploy/*.sql"}, nil, "db/x/y/deploy/a.sql", true, true},
		{[]string{"db/**/deploy/*.sql"}, nil, "db/x/y/deploy/z/a.sql", true, false},
		{[]string{"**/**/*.sql"}, nil, "a.sql", true, true},
		{[]string{"[0-9][0-9][0-9]_*.sql"}, nil, "001_init.sql", true, true},
		{[]string{"[0-9][0-9][0-9]_*.sql"}, nil, "init.sql", true, false},
		{[]string{"*.sql"}, nil, "a/b.sql", true, false}, // * stays within a segment
		// exclude wins over include
		{[]string{"**/*.sql"}, []string{"**/*.generated.sql", "legacy/**"}, "legacy/x.sql", true, false},
		// a malformed glob (from the command line) matches nothing
		{[]string{"[", "**/*.sql"}, []string{"["}, "a.sql", true, true},
	}
	for _, tt := range tests {
		cfg := &Config{Include: tt.include, Exclude: tt.exclude}
		if got := Match(cfg, tt.path, tt.walk); got != tt.want {
			t.Errorf("Match(include %q, exclude %q, %q, walk %v) = %v, want %v", tt.include, tt.exclude, tt.path, tt.walk, got, tt.want)
		}
	}
}

func TestSkipDir(t *testing.T) {
	cfg := &Config{Exclude: []string{"legacy/**", "**/*.generated.sql", "build"}}
	for dir, want := range map[string]bool{
		"legacy": true, "legacy/a": true, "build": true, "build/x": true,
		"src": false, "src/legacy": false, "": false, ".": false,
	} {
		if got := SkipDir(cfg, dir); got != want {
			t.Errorf("SkipDir(%q) = %v, want %v", dir, got, want)
		}
	}
}

func TestSuggest(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"rulez", "rules"}, {"sevrity", "severity"}, {"fail_on", "fail-on"}, {"targetversion", "target-version"},
		{"exlude", "exclude"}, {"zzz", ""},
	} {
		got := suggest(tt.in, topKeys)
		if (tt.want == "") != (got == "") || (tt.want != "" && got != ` (did you mean "`+tt.want+`"?)`) {
			t.Errorf("suggest(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestZeroBudgetsAllowed: a budget or limit of 0 means "flag any", unlike a
// rate of 0.
func TestZeroBudgetsAllowed(t *testing.T) {
	src := "options:\n  all: {zeroing-budget: 0, autogrowth-budget: 0, startup-budget: 0, max-duration: 0}\n"
	cfg, err := Parse("c.yaml", []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	if v, ok := cfg.Rules.Options["SL101"]["startup-budget"]; !ok || v != 0 {
		t.Errorf("startup-budget = %v, %v; want 0", v, ok)
	}
}

// TestFindOrigin: Find says where it found the file, and Notice names it
// only when it was found above the scanned folder or in the home folder.
func TestFindOrigin(t *testing.T) {
	root := t.TempDir()
	home := t.TempDir()
	t.Setenv("HOME", home)
	deep := filepath.Join(root, "repo", "db")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	cfg, err := Find(deep, nil)
	if err != nil || cfg.Origin != OriginNone || cfg.Path != "" || cfg.Notice() != "" {
		t.Fatalf("no file: %+v, %v", cfg, err)
	}

	homeCfg := filepath.Join(home, ".sqllint.yaml")
	if err := os.WriteFile(homeCfg, []byte("fail-on: error\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, err = Find(deep, nil)
	if err != nil || cfg.Origin != OriginHome || cfg.FailOn != "error" {
		t.Fatalf("home: %+v, %v", cfg, err)
	}
	if want := "using config " + homeCfg + " (found in the home folder)"; cfg.Notice() != want {
		t.Errorf("notice %q, want %q", cfg.Notice(), want)
	}

	repoCfg := filepath.Join(root, "repo", ".sqllint.yaml")
	if err := os.WriteFile(repoCfg, []byte("fail-on: info\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, err = Find(deep, nil)
	if err != nil || cfg.Origin != OriginParent || cfg.Path != repoCfg {
		t.Fatalf("parent: %+v, %v", cfg, err)
	}
	if want := "using config " + repoCfg + " (found in a parent folder)"; cfg.Notice() != want {
		t.Errorf("notice %q, want %q", cfg.Notice(), want)
	}

	cfg, err = Find(filepath.Join(root, "repo"), nil)
	if err != nil || cfg.Origin != OriginFolder || cfg.Notice() != "" {
		t.Errorf("same folder: %+v, %v (notice %q)", cfg, err, cfg.Notice())
	}

	if err := os.WriteFile(repoCfg, []byte("fail-on: [\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Find(deep, nil); err == nil || !strings.Contains(err.Error(), repoCfg+":1:10:") {
		t.Errorf("a bad file found above: %v", err)
	}
}

// TestFindAboveTheRepository: a config found above the top of the git
// repository that holds the scanned folder (a folder with .git) is still
// read, but said to be outside the repository: another clone and CI do
// not read it. One at the top itself is the repository's own.
func TestFindAboveTheRepository(t *testing.T) {
	root := t.TempDir()
	t.Setenv("HOME", t.TempDir())
	deep := filepath.Join(root, "repo", "db")
	if err := os.MkdirAll(filepath.Join(root, "repo", ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	above := filepath.Join(root, ".sqllint.yaml")
	if err := os.WriteFile(above, []byte("fail-on: error\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, err := Find(deep, nil)
	want := "using config " + above + " (found above the top of the git repository: it is no part of the repository, so another clone and CI do not read it)"
	if err != nil || cfg.Origin != OriginAboveRepo || cfg.Path != above || cfg.Notice() != want {
		t.Errorf("above the repository: %v %v %q, want %q", err, cfg.Origin, cfg.Notice(), want)
	}
	top := filepath.Join(root, "repo", ".sqllint.yaml")
	if err := os.WriteFile(top, []byte("fail-on: info\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if cfg, err := Find(deep, nil); err != nil || cfg.Origin != OriginParent || cfg.Path != top {
		t.Errorf("at the repository's top: %v %+v", err, cfg)
	}
	if cfg, err := Find(filepath.Join(root, "repo"), nil); err != nil || cfg.Origin != OriginFolder {
		t.Errorf("in the repository's top itself: %v %+v", err, cfg)
	}
}

// TestSyntaxErrorInALongFile: the column is found far down a long file
// too (the search starts at yaml.v3's line).
func TestSyntaxErrorInALongFile(t *testing.T) {
	var b strings.Builder
	b.WriteString("variables:\n")
	for i := range 3000 {
		fmt.Fprintf(&b, "  V%d: value%d\n", i, i)
	}
	b.WriteString("  Bad: x: y\n")
	_, err := Parse("c.yaml", []byte(b.String()), nil)
	var e *Error
	if !errors.As(err, &e) || e.Line != 3002 || e.Column != 9 {
		t.Errorf("got %v, want line 3002 column 9", err)
	}
}

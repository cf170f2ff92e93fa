package output

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/sqllint/sqllint/report"
)

const schemaFile = "sarif-schema-2.1.0.json"

// schemaPaths are where the SARIF 2.1.0 schema is looked for: the copy in
// testdata (preferred, so the test never depends on anything outside the
// repository), then shared/schemas beside the repository.
var schemaPaths = []string{
	filepath.Join("testdata", schemaFile),
	filepath.Join("..", "..", "shared", "schemas", schemaFile),
}

func loadSARIFSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	var data []byte
	var err error
	var used string
	for _, p := range schemaPaths {
		if data, err = os.ReadFile(p); err == nil {
			used = p
			break
		}
	}
	if used == "" {
		t.Fatalf("SARIF schema not found in %v", schemaPaths)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: %v", used, err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat() // check "format": "uri", "uri-reference", ... too
	const url = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
	if err := c.AddResource(url, doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile(url)
	if err != nil {
		t.Fatalf("compiling %s: %v", used, err)
	}
	return sch
}

func validateSARIF(t *testing.T, sch *jsonschema.Schema, data []byte) error {
	t.Helper()
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("SARIF output is not JSON: %v", err)
	}
	return sch.Validate(inst)
}

// The testdata copy must stay identical to shared/schemas when that is
// present.
func TestSARIFSchemaCopy(t *testing.T) {
	shared, err := os.ReadFile(schemaPaths[1])
	if err != nil {
		t.Skipf("no shared schema beside the repository: %v", err)
	}
	local, err := os.ReadFile(schemaPaths[0])
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(local, shared) {
		t.Errorf("%s differs from %s; copy it over", schemaPaths[0], schemaPaths[1])
	}
}

func TestSARIFValidates(t *testing.T) {
	sch := loadSARIFSchema(t)
	cases := map[string]struct {
		r   *report.Report
		opt Options
	}{
		"fixture":         {fixture(), Options{SrcRoot: fixtureRoot}},
		"fixture no root": {fixture(), Options{}},
		"empty":           {emptyReport(), Options{SrcRoot: fixtureRoot}},
		"zero":            {&report.Report{}, Options{}},
		"odd positions": {&report.Report{Findings: []report.Finding{
			{RuleID: "SL1", Path: "a.sql"},
			{RuleID: "SL1", Path: "b.sql", Line: 3, Column: 9, EndLine: 3, EndColumn: 2},
			{RuleID: "SL1", Path: "c.sql", Line: 3, Column: -1, EndLine: 1, EndColumn: 0,
				Fix: &report.Fix{Edits: []report.Edit{{Line: 0}}}},
		}}, Options{}},
		"run-level finding": {&report.Report{Findings: []report.Finding{
			{RuleID: "SL206", RuleName: "server-ifi-trace-flag", Severity: "warning", Message: "trace flag 1806 is on", Confirmed: "SQL1"},
		}}, Options{SrcRoot: fixtureRoot}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			out := render(t, "sarif", tc.r, tc.opt)
			if err := validateSARIF(t, sch, out); err != nil {
				t.Errorf("SARIF output does not validate: %v\n%s", err, out)
			}
		})
	}
}

// TestSARIFValidatorRejects shows the validation can fail: outputs with a
// required field removed or a bad value are rejected.
func TestSARIFValidatorRejects(t *testing.T) {
	sch := loadSARIFSchema(t)
	out := render(t, "sarif", fixture(), Options{SrcRoot: fixtureRoot})
	if err := validateSARIF(t, sch, out); err != nil {
		t.Fatalf("the unmodified output must validate: %v", err)
	}
	mutations := map[string]func(doc map[string]any){
		"no version":     func(doc map[string]any) { delete(doc, "version") },
		"no driver name": func(doc map[string]any) { driver(doc)["name"] = nil; delete(driver(doc), "name") },
		"bad level":      func(doc map[string]any) { result(doc, 0)["level"] = "fatal" },
		"line 0":         func(doc map[string]any) { regionOf(doc, 0)["startLine"] = 0 },
		"no message":     func(doc map[string]any) { delete(result(doc, 0), "message") },
		"fix without changes": func(doc map[string]any) {
			fix := result(doc, 1)["fixes"].([]any)[0].(map[string]any)
			delete(fix, "artifactChanges")
		},
	}
	for name, mutate := range mutations {
		t.Run(name, func(t *testing.T) {
			var doc map[string]any
			if err := json.Unmarshal(out, &doc); err != nil {
				t.Fatal(err)
			}
			mutate(doc)
			bad, err := json.Marshal(doc)
			if err != nil {
				t.Fatal(err)
			}
			if err := validateSARIF(t, sch, bad); err == nil {
				t.Errorf("the validator accepted SARIF with %s", name)
			}
		})
	}
}

func run0(doc map[string]any) map[string]any {
	return doc["runs"].([]any)[0].(map[string]any)
}

func driver(doc map[string]any) map[string]any {
	return run0(doc)["tool"].(map[string]any)["driver"].(map[string]any)
}

func result(doc map[string]any, i int) map[string]any {
	return run0(doc)["results"].([]any)[i].(map[string]any)
}

func regionOf(doc map[string]any, i int) map[string]any {
	loc := result(doc, i)["locations"].([]any)[0].(map[string]any)
	return loc["physicalLocation"].(map[string]any)["region"].(map[string]any)
}

type sarifParsed struct {
	Schema  string `json:"$schema"`
	Version string `json:"version"`
	Runs    []struct {
		Tool struct {
			Driver struct {
				Name  string `json:"name"`
				Rules []struct {
					ID                   string `json:"id"`
					DefaultConfiguration struct {
						Level string `json:"level"`
					} `json:"defaultConfiguration"`
				} `json:"rules"`
			} `json:"driver"`
		} `json:"tool"`
		OriginalURIBaseIDs map[string]struct {
			URI string `json:"uri"`
		} `json:"originalUriBaseIds"`
		Invocations []struct {
			ExecutionSuccessful        bool `json:"executionSuccessful"`
			ToolExecutionNotifications []struct {
				Level   string `json:"level"`
				Message struct {
					Text string `json:"text"`
				} `json:"message"`
			} `json:"toolExecutionNotifications"`
		} `json:"invocations"`
		Results []struct {
			RuleID    string `json:"ruleId"`
			RuleIndex int    `json:"ruleIndex"`
			Level     string `json:"level"`
			Message   struct {
				Text string `json:"text"`
			} `json:"message"`
			Locations []struct {
				PhysicalLocation struct {
					ArtifactLocation sarifArtifactLocation `json:"artifactLocation"`
					Region           sarifRegion           `json:"region"`
				} `json:"physicalLocation"`
			} `json:"locations"`
			PartialFingerprints map[string]string `json:"partialFingerprints"`
			Fixes               []sarifFix        `json:"fixes"`
		} `json:"results"`
	} `json:"runs"`
}

func TestSARIFContent(t *testing.T) {
	r := fixture()
	var doc sarifParsed
	if err := json.Unmarshal(render(t, "sarif", r, Options{SrcRoot: fixtureRoot}), &doc); err != nil {
		t.Fatal(err)
	}
	run := doc.Runs[0]
	if got := run.OriginalURIBaseIDs["%SRCROOT%"].URI; got != "file:///work/project/" {
		t.Errorf("%%SRCROOT%% = %q", got)
	}
	rules := run.Tool.Driver.Rules
	for i, res := range run.Results {
		f := r.Findings[i]
		if rules[res.RuleIndex].ID != f.RuleID || res.RuleID != f.RuleID {
			t.Errorf("result %d: ruleIndex %d points at %s, want %s", i, res.RuleIndex, rules[res.RuleIndex].ID, f.RuleID)
		}
		if res.PartialFingerprints[FingerprintKey] == "" {
			t.Errorf("result %d has no fingerprint", i)
		}
		if (f.Fix != nil) != (len(res.Fixes) == 1) {
			t.Errorf("result %d: fixes %v for fix %v", i, res.Fixes, f.Fix)
		}
	}
	levels := []string{"warning", "warning", "error", "warning", "error", "note", "warning", "error"}
	for i, want := range levels {
		if run.Results[i].Level != want {
			t.Errorf("result %d level %q, want %q", i, run.Results[i].Level, want)
		}
	}
	if rules[4].DefaultConfiguration.Level != "note" {
		t.Errorf("info rule level %q", rules[4].DefaultConfiguration.Level)
	}
	if got := run.Results[6].Message.Text; !strings.HasSuffix(got, " (confirmed on sql-prod-01)") {
		t.Errorf("confirmed message %q", got)
	}
	if got := run.Results[1].Locations[0].PhysicalLocation.ArtifactLocation; got.URI != "dir%20with%20space/a,b%3Ac.sql" || got.URIBaseID != "%SRCROOT%" {
		t.Errorf("relative location %+v", got)
	}
	if got := run.Results[0].Locations[0].PhysicalLocation.ArtifactLocation; got.URI != "file:///opt/shared/util.sql" || got.URIBaseID != "" {
		t.Errorf("absolute location %+v", got)
	}
	fix := run.Results[4].Fixes[0]
	rep := fix.ArtifactChanges[0].Replacements[0]
	if rep.InsertedContent == nil || rep.InsertedContent.Text != " DEFAULT 0" || rep.DeletedRegion != (sarifRegion{StartLine: 8, StartColumn: 27, EndLine: 8, EndColumn: 27}) {
		t.Errorf("insertion fix %+v", rep)
	}
	if del := run.Results[1].Fixes[0].ArtifactChanges[0].Replacements[0]; del.InsertedContent != nil {
		t.Errorf("a deletion has inserted content: %+v", del)
	}
	inv := run.Invocations[0]
	// An input error makes the run exit 2: not successful.
	if inv.ExecutionSuccessful || len(inv.ToolExecutionNotifications) != 1 || inv.ToolExecutionNotifications[0].Level != "error" {
		t.Errorf("invocation %+v", inv)
	}

	// Without a source root there is no originalUriBaseIds.
	out := render(t, "sarif", r, Options{})
	if bytes.Contains(out, []byte("originalUriBaseIds")) {
		t.Error("originalUriBaseIds without a SrcRoot")
	}
}

func TestSARIFUnknownRule(t *testing.T) {
	r := &report.Report{
		Rules: fixtureRules()[:1],
		Findings: []report.Finding{
			{RuleID: "SL900", RuleName: "zeta", Severity: report.Error, Path: "a.sql", Line: 1},
			{RuleID: "SL101", Severity: report.Error, Path: "a.sql", Line: 2},
			{RuleID: "SL050", RuleName: "alpha", Severity: report.Info, Path: "a.sql", Line: 3},
		},
	}
	var doc sarifParsed
	if err := json.Unmarshal(render(t, "sarif", r, Options{}), &doc); err != nil {
		t.Fatal(err)
	}
	rules := doc.Runs[0].Tool.Driver.Rules
	if len(rules) != 3 || rules[0].ID != "SL101" || rules[1].ID != "SL050" || rules[2].ID != "SL900" {
		t.Fatalf("rules %+v", rules)
	}
	for i, res := range doc.Runs[0].Results {
		if rules[res.RuleIndex].ID != res.RuleID {
			t.Errorf("result %d: index %d", i, res.RuleIndex)
		}
	}
}

func TestArtifactLocation(t *testing.T) {
	cases := []struct {
		path, root string
		want       sarifArtifactLocation
	}{
		{"a.sql", "/work/project/", sarifArtifactLocation{URI: "a.sql", URIBaseID: "%SRCROOT%"}},
		{"./dir/a.sql", "", sarifArtifactLocation{URI: "dir/a.sql", URIBaseID: "%SRCROOT%"}},
		{"dir with space/a,b:c.sql", "", sarifArtifactLocation{URI: "dir%20with%20space/a,b%3Ac.sql", URIBaseID: "%SRCROOT%"}},
		{"c:d.sql", "", sarifArtifactLocation{URI: "c%3Ad.sql", URIBaseID: "%SRCROOT%"}},
		{"100%/#?[x].sql", "", sarifArtifactLocation{URI: "100%25/%23%3F%5Bx%5D.sql", URIBaseID: "%SRCROOT%"}},
		{"données/é.sql", "", sarifArtifactLocation{URI: "donn%C3%A9es/%C3%A9.sql", URIBaseID: "%SRCROOT%"}},
		{"/work/project/sub/a.sql", "/work/project/", sarifArtifactLocation{URI: "sub/a.sql", URIBaseID: "%SRCROOT%"}},
		{"/work/projectX/a.sql", "/work/project/", sarifArtifactLocation{URI: "file:///work/projectX/a.sql"}},
		{"/opt/a b.sql", "", sarifArtifactLocation{URI: "file:///opt/a%20b.sql"}},
		{"C:/src/a.sql", "", sarifArtifactLocation{URI: "file:///C:/src/a.sql"}},
		{"C:/src/a.sql", "C:/src/", sarifArtifactLocation{URI: "a.sql", URIBaseID: "%SRCROOT%"}},
		{"//server/share/a.sql", "", sarifArtifactLocation{URI: "file://server/share/a.sql"}},
	}
	for _, tc := range cases {
		if got := artifactLocation(tc.path, tc.root); got != tc.want {
			t.Errorf("artifactLocation(%q, %q) = %+v, want %+v", tc.path, tc.root, got, tc.want)
		}
	}
}

func TestSrcRootSlash(t *testing.T) {
	cwd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	cases := map[string]string{
		"":                  "",
		"/work/project":     "/work/project/",
		"/work/project/":    "/work/project/",
		"/work/./x/../p":    "/work/p/",
		"/":                 "/",
		"C:/src":            "C:/src/",
		"//server/share/x/": "//server/share/x/",
		"rel":               filepath.ToSlash(filepath.Join(cwd, "rel")) + "/",
	}
	for in, want := range cases {
		if got := srcRootSlash(in); got != want {
			t.Errorf("srcRootSlash(%q) = %q, want %q", in, got, want)
		}
	}
	if got := fileURI(srcRootSlash("/work/a b")); got != "file:///work/a%20b/" {
		t.Errorf("root URI %q", got)
	}
}

func TestSARIFExecutionSuccessful(t *testing.T) {
	for _, tc := range []struct {
		name string
		r    report.Report
		want bool
	}{
		{"clean", report.Report{Files: 1}, true},
		{"findings do not fail the run", report.Report{Files: 1, Findings: fixture().Findings[:1], Rules: fixtureRules()}, true},
		{"input error", report.Report{Errors: []report.InputError{{Path: "a.sql", Message: "cannot read"}}}, false},
		{"failed", report.Report{Files: 1, Failed: true}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var log struct {
				Runs []struct {
					Invocations []sarifInvocation `json:"invocations"`
				} `json:"runs"`
			}
			if err := json.Unmarshal(render(t, "sarif", &tc.r, Options{}), &log); err != nil {
				t.Fatal(err)
			}
			if got := log.Runs[0].Invocations[0].ExecutionSuccessful; got != tc.want {
				t.Errorf("executionSuccessful = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestSARIFVersion: driver.version starts with a digit (SARIF2005) and
// semanticVersion is a Semantic Versioning 2.0.0 version, without Go's "v".
func TestSARIFVersion(t *testing.T) {
	for _, tc := range []struct{ in, version, semantic string }{
		{"dev", "0.0.0-dev", "0.0.0-dev"},
		{"", "0.0.0-dev", "0.0.0-dev"},
		{"(devel)", "0.0.0-dev", "0.0.0-dev"},
		{"v1.4.0", "1.4.0", "1.4.0"},
		{"1.2.3", "1.2.3", "1.2.3"},
		{"v0.2.1-0.20261130120000-abcdef123456", "0.2.1-0.20261130120000-abcdef123456", "0.2.1-0.20261130120000-abcdef123456"},
		{"v1.4.0+dirty", "1.4.0+dirty", "1.4.0+dirty"},
		{"v2.0.0+incompatible", "2.0.0+incompatible", "2.0.0+incompatible"},
		{"1.2", "1.2", ""},        // starts with a digit, not semantic
		{"v01.2.3", "01.2.3", ""}, // leading zero
		{"version 3", "0.0.0-dev", "0.0.0-dev"},
	} {
		var log struct {
			Runs []struct {
				Tool struct {
					Driver struct {
						Version         string  `json:"version"`
						SemanticVersion *string `json:"semanticVersion"`
					} `json:"driver"`
				} `json:"tool"`
			} `json:"runs"`
		}
		if err := json.Unmarshal(render(t, "sarif", &report.Report{Version: tc.in}, Options{}), &log); err != nil {
			t.Fatal(err)
		}
		d := log.Runs[0].Tool.Driver
		sem := ""
		if d.SemanticVersion != nil {
			sem = *d.SemanticVersion
		}
		if d.Version != tc.version || sem != tc.semantic {
			t.Errorf("%q: version %q, semanticVersion %q; want %q, %q", tc.in, d.Version, sem, tc.version, tc.semantic)
		}
		if d.Version == "" || d.Version[0] < '0' || d.Version[0] > '9' {
			t.Errorf("%q: version %q does not start with a digit", tc.in, d.Version)
		}
	}
}

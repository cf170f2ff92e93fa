package config

import (
	"reflect"
	"strings"
	"testing"
)

// TestRulesIDPrefix: the rules list reads what --select and --ignore
// read (README: "IDs, names or ID prefixes (SL3)"): SL3 is every SL3xx
// rule, -SL3 none of them, and a prefix that names no rule is an error.
func TestRulesIDPrefix(t *testing.T) {
	var sl3 []string
	for _, id := range allIDs() {
		if strings.HasPrefix(id, "SL3") {
			sl3 = append(sl3, id)
		}
	}
	if len(sl3) < 2 {
		t.Fatalf("the catalog has %d SL3 rules", len(sl3))
	}
	c, err := Parse("c.yaml", []byte("rules: [SL3]\n"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := disabledExcept(sl3...); !reflect.DeepEqual(c.Rules.Disabled, want) {
		t.Errorf("rules: [SL3] disabled %v, want all but %v", c.Rules.Disabled, sl3)
	}
	c, err = Parse("c.yaml", []byte("rules: [all, -sl3]\n"), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range allIDs() {
		if c.Rules.Disabled[id] != strings.HasPrefix(id, "SL3") {
			t.Errorf("rules: [all, -sl3]: %s disabled %v", id, c.Rules.Disabled[id])
		}
	}
	for _, bad := range []string{"SL9", "SL", "SL30001"} {
		if _, err := Parse("c.yaml", []byte("rules: ["+bad+"]\n"), nil); err == nil || !strings.Contains(err.Error(), "unknown rule") {
			t.Errorf("rules: [%s]: err %v, want unknown rule", bad, err)
		}
	}
}

package output

import (
	"testing"

	"github.com/sqllint/sqllint/rules"
)

// Every rule of the catalog has a slot of its own in the tables that
// keep a rule's printed text and count (ruleSlot): findings of two rules
// that shared one made each rule's text again at every change of rule.
func TestRuleSlots(t *testing.T) {
	for _, n := range []int{ruleTextSlots, ruleSlots} {
		seen := map[int]string{}
		for _, r := range rules.Default.All() {
			k := ruleSlot(r.ID, n)
			if k < 0 || k >= n {
				t.Fatalf("ruleSlot(%q, %d) = %d, out of range", r.ID, n, k)
			}
			if o, ok := seen[k]; ok {
				t.Errorf("%s and %s share slot %d of %d", o, r.ID, k, n)
			}
			seen[k] = r.ID
		}
	}
	// any text, as a finding's rule ID may be (a live check's, a test's)
	for _, id := range []string{"", "x", "é", "\xff\xff\xff\xff\xff", "SL"} {
		if k := ruleSlot(id, ruleSlots); k < 0 || k >= ruleSlots {
			t.Errorf("ruleSlot(%q) = %d, out of range", id, k)
		}
	}
}

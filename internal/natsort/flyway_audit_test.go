package natsort

import (
	"slices"
	"sort"
	"testing"
)

// Flyway runs versions in numeric order, each part of a dotted (or
// underscored) version compared as a number: 1 before 1.1 before 1.2
// before 1.10 before 2.
func TestLessFlywayVersions(t *testing.T) {
	want := []string{"V1__init.sql", "V1.1__fix.sql", "V1.2__more.sql", "V1.10__late.sql", "V1_11__alt.sql", "V2__b.sql", "V2.0.1__p.sql", "V10__c.sql"}
	for k := range want {
		in := append(slices.Clone(want[k:]), want[:k]...)
		slices.Reverse(in)
		sort.Slice(in, func(i, j int) bool { return Less(in[i], in[j]) })
		if !slices.Equal(in, want) {
			t.Fatalf("order = %v\nwant    %v", in, want)
		}
	}
	// not a version: a '.' or '_' without a digit after it sorts as before
	if !Less("V1.sql", "V1_a.sql") || !Less("a1-x", "a1.2") {
		t.Error("separators without a digit after them moved")
	}
}

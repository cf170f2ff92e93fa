package natsort

import (
	"sort"
	"testing"
)

func TestLess(t *testing.T) {
	in := []string{"V10__c.sql", "V2__b.sql", "V1__a.sql", "v1_1.sql", "V1__A.sql", "a/V3.sql", "a/V20.sql", "b.sql", "V01__x.sql"}
	want := []string{"a/V3.sql", "a/V20.sql", "b.sql", "v1_1.sql", "V1__A.sql", "V1__a.sql", "V01__x.sql", "V2__b.sql", "V10__c.sql"}
	sort.Slice(in, func(i, j int) bool { return Less(in[i], in[j]) })
	for i := range want {
		if in[i] != want[i] {
			t.Fatalf("order = %v\nwant    %v", in, want)
		}
	}
	if Less("x", "x") {
		t.Error("Less(x, x) = true")
	}
}

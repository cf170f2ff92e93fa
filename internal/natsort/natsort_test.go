package natsort

import (
	"math/rand/v2"
	"sort"
	"testing"
)

func TestLess(t *testing.T) {
	in := []string{"V10__c.sql", "V2__b.sql", "V1__a.sql", "v1_1.sql", "V1__A.sql", "a/V3.sql", "a/V20.sql", "b.sql", "V01__x.sql"}
	want := []string{"a/V3.sql", "a/V20.sql", "b.sql", "V1__A.sql", "V1__a.sql", "V01__x.sql", "v1_1.sql", "V2__b.sql", "V10__c.sql"}
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

// The order is total: of two different paths exactly one comes first
// (the walk sorts folder entries with one comparison on that basis),
// and it is transitive.
func TestLessTotal(t *testing.T) {
	rnd := rand.New(rand.NewPCG(3, 4))
	parts := []string{"V", "v", "0", "00", "1", "01", "10", "9", "a", "A", "_", ".sql", "/", "é"}
	word := func() string {
		s := ""
		for range rnd.IntN(6) {
			s += parts[rnd.IntN(len(parts))]
		}
		return s
	}
	for range 100000 {
		a, b, c := word(), word(), word()
		ab, ba := Less(a, b), Less(b, a)
		if a == b && (ab || ba) || a != b && ab == ba {
			t.Fatalf("Less(%q, %q) = %v, Less(%q, %q) = %v", a, b, ab, b, a, ba)
		}
		if ab && Less(b, c) && !Less(a, c) {
			t.Fatalf("%q < %q < %q but not %q < %q", a, b, c, a, c)
		}
	}
}

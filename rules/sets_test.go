package rules

import (
	"fmt"
	"maps"
	"testing"
)

// A FileSet and a NameSet behave as the maps they replace, in a list and
// past setListMax in a map, and a NameSet's clone is its own.
func TestSets(t *testing.T) {
	for _, n := range []int{0, 1, setListMax, setListMax + 1, 3 * setListMax} {
		var fs FileSet
		want := map[string]*DBFile{}
		ns := withPrimary()
		wantNames := map[string]bool{"primary": true}
		for i := range n {
			k := fmt.Sprintf("f%d", i)
			f := &DBFile{Name: k}
			fs.Set(k, f)
			want[k] = f
			ns.Add(k)
			ns.Add(k) // twice: once in the set
			wantNames[k] = true
		}
		if n > 0 {
			again := &DBFile{Name: "again"}
			fs.Set("f0", again) // replaces
			want["f0"] = again
			fs.Delete("f1")
			delete(want, "f1")
			ns.Delete("f1")
			delete(wantNames, "f1")
		}
		fs.Delete("none")
		ns.Delete("none")
		if got := maps.Collect(fs.All()); !maps.Equal(got, want) || fs.Len() != len(want) {
			t.Errorf("%d: files %v (len %d), want %v", n, got, fs.Len(), want)
		}
		for k, f := range want {
			if g, ok := fs.lookupBytes([]byte(k)); !ok || g != f || fs.Get(k) != f {
				t.Errorf("%d: %s is %v", n, k, g)
			}
		}
		if _, ok := fs.lookup("f1"); ok && n > 1 {
			t.Errorf("%d: f1 not deleted", n)
		}
		got := map[string]bool{}
		for k := range ns.All() {
			got[k] = true
		}
		if !maps.Equal(got, wantNames) || ns.Len() != len(wantNames) {
			t.Errorf("%d: names %v (len %d), want %v", n, got, ns.Len(), wantNames)
		}
		c := ns.clone()
		if !c.equal(&ns) || !ns.equal(&c) {
			t.Errorf("%d: clone differs", n)
		}
		c.Add("extra")
		ns.Add("other")
		if ns.Has("extra") || c.Has("other") || !c.Has("extra") || c.equal(&ns) {
			t.Errorf("%d: a clone shares its names", n)
		}
	}
	a, b := withPrimary(), withPrimary()
	a.Add("x")
	a.Delete("primary")
	if !b.Has("primary") || b.Has("x") || b.Len() != 1 || primaryList[0] != "primary" {
		t.Errorf("new databases share filegroups: %v", b)
	}
}

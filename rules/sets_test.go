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

// Every change to a set gives it a generation no set had (what sameLayout
// and sizesOf trust); a clone keeps its original's; a change that changes
// nothing may keep it.
func TestSetGenerations(t *testing.T) {
	for _, n := range []int{1, setListMax, setListMax + 1} {
		seen := map[uint64]bool{}
		var fs FileSet
		fresh := func(what string, gen uint64) {
			t.Helper()
			if seen[gen] || gen <= setGenPrimary {
				t.Errorf("%d: %s: generation %d not new", n, what, gen)
			}
			seen[gen] = true
		}
		ns := withPrimary()
		for i := range n {
			k := fmt.Sprintf("f%d", i)
			fs.Set(k, &DBFile{Name: k, Size: int64(i + 1)})
			fresh("FileSet.Set", fs.gen)
			ns.Add(k)
			fresh("NameSet.Add", ns.gen)
		}
		fs.Set("f0", &DBFile{Name: "f0", Size: 7})
		fresh("FileSet.Set again", fs.gen)
		fs.Delete("f0")
		fresh("FileSet.Delete", fs.gen)
		c := ns.clone()
		if c.gen != ns.gen || !c.equal(&ns) {
			t.Errorf("%d: a clone has generation %d, its original %d", n, c.gen, ns.gen)
		}
		g := ns.gen
		ns.Add("f0") // there already
		if ns.gen != g {
			t.Errorf("%d: adding a name there changed the generation", n)
		}
		ns.Delete("f0")
		fresh("NameSet.Delete", ns.gen)
		if c.equal(&ns) || ns.equal(&c) {
			t.Errorf("%d: a changed set equals its clone", n)
		}
		ns.Add("f0")
		fresh("NameSet.Add back", ns.gen)
		if !c.equal(&ns) {
			t.Errorf("%d: the same names in two generations differ", n)
		}
	}
}

// sizesOf adds up the sizes again once the set changed, not before.
func TestSizesOf(t *testing.T) {
	m := &Model{}
	var fs FileSet
	fs.Set("a", &DBFile{Name: "a", Size: 10})
	fs.Set("l", &DBFile{Name: "l", Log: true, Size: 5})
	check := func(data, log int64, unsized bool) {
		t.Helper()
		for range 2 { // the second from what was kept
			if d, l, u := m.sizesOf(&fs); d != data || l != log || u != unsized {
				t.Errorf("sizes %d %d %v, want %d %d %v", d, l, u, data, log, unsized)
			}
		}
	}
	check(10, 5, false)
	fs.Set("b", &DBFile{Name: "b", Size: 20})
	check(30, 5, false)
	fs.Set("c", &DBFile{Name: "c"})
	check(30, 5, true)
	fs.Delete("c")
	fs.Delete("a")
	check(20, 5, false)
	var other FileSet
	other.Set("x", &DBFile{Name: "x", Size: 1})
	if d, _, _ := m.sizesOf(&other); d != 1 {
		t.Errorf("another set's sizes: %d", d)
	}
	check(20, 5, false)
}

package rules

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"testing"
)

// A FileSet and a NameSet behave as the maps they replace, in a list and
// past setListMax in a map, and a NameSet's clone is its own.
func TestSets(t *testing.T) {
	for _, n := range []int{0, 1, setListMax, setListMax + 1, 3 * setListMax} {
		names := &nameTable{}
		fs := FileSet{names: names}
		want := map[string]DBFile{}
		ns := withPrimary()
		wantNames := map[string]bool{"primary": true}
		for i := range n {
			k := fmt.Sprintf("f%d", i)
			f := DBFile{name: names.add(k)}
			fs.Set(f)
			want[k] = f
			ns.Add(k)
			ns.Add(k) // twice: once in the set
			wantNames[k] = true
		}
		if n > 0 {
			again := DBFile{name: names.add("F0"), Size: 1}
			fs.Set(again) // replaces f0: the key is the name in lower case
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
			g, ok := fs.getBytes([]byte(k))
			if g2, ok2 := fs.Get(k); !ok || g != f || !ok2 || g2 != f {
				t.Errorf("%d: %s is %v", n, k, g)
			}
		}
		if _, ok := fs.Get("f1"); ok && n > 1 {
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
		fs := FileSet{names: &nameTable{}}
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
			fs.Set(DBFile{name: fs.names.add(k), Size: int64(i + 1)})
			fresh("FileSet.Set", fs.gen)
			ns.Add(k)
			fresh("NameSet.Add", ns.gen)
		}
		fs.Set(DBFile{name: fs.names.add("f0"), Size: 7})
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
	names := &nameTable{}
	file := func(name string, log bool, size int64) DBFile {
		return DBFile{name: names.add(name), Log: log, Size: size}
	}
	fs := FileSet{names: names}
	fs.Set(file("a", false, 10))
	fs.Set(file("l", true, 5))
	check := func(data, log int64, unsized bool) {
		t.Helper()
		for range 2 { // the second from what was kept
			if d, l, u, _ := m.sizesOf(&fs); d != data || l != log || u != unsized {
				t.Errorf("sizes %d %d %v, want %d %d %v", d, l, u, data, log, unsized)
			}
		}
	}
	check(10, 5, false)
	fs.Set(file("b", false, 20))
	check(30, 5, false)
	fs.Set(file("c", false, 0))
	check(30, 5, true)
	fs.Delete("c")
	fs.Delete("a")
	check(20, 5, false)
	other := FileSet{names: names}
	other.Set(file("x", false, 1))
	if d, _, _, _ := m.sizesOf(&other); d != 1 {
		t.Errorf("another set's sizes: %d", d)
	}
	check(20, 5, false)
}

// A FileSet's sizes are those of its files added up, data and log apart,
// however they came and went, and its files those set and not deleted: a
// large set keeps its files in a list, their places by key, and its sums
// as they change (add, Set, Delete) rather than adding them up again.
func TestFileSetSizesFollowChanges(t *testing.T) {
	names := &nameTable{}
	fs := FileSet{names: names}
	want := map[string]DBFile{}
	r := rand.New(rand.NewPCG(5, 5))
	for step := 0; step < 4000; step++ {
		k := fmt.Sprintf("f%d", r.IntN(60))
		f := DBFile{name: names.add(k), Log: r.IntN(3) == 0, Size: int64(r.IntN(4)) << 20, AtLeast: r.IntN(5) == 0}
		switch _, had := want[k]; r.IntN(4) {
		case 0:
			fs.Delete(k)
			delete(want, k)
		case 1:
			if !had {
				fs.add(f)
				want[k] = f
			}
		default:
			fs.Set(f)
			want[k] = f
		}
		var data, logBytes int64
		unsized, atLeast := false, false
		for _, f := range want {
			atLeast = atLeast || f.AtLeast && f.Size > 0
			switch {
			case f.Size <= 0:
				unsized = true
			case f.Log:
				logBytes += f.Size
			default:
				data += f.Size
			}
		}
		if d, l, u, a := fs.sizes(); d != data || l != logBytes || u != unsized || a != atLeast {
			t.Fatalf("step %d (%d files): sizes %d, %d, %v, %v, want %d, %d, %v, %v", step, fs.Len(), d, l, u, a, data, logBytes, unsized, atLeast)
		}
		if got := maps.Collect(fs.All()); !maps.Equal(got, want) || fs.Len() != len(want) {
			t.Fatalf("step %d: files %v (len %d), want %v", step, got, fs.Len(), want)
		}
		for k, f := range want {
			if g, ok := fs.Get(k); !ok || g != f {
				t.Fatalf("step %d: Get(%q) = %v, %v, want %v", step, k, g, ok, f)
			}
		}
	}
	if fs.big == nil {
		t.Fatal("the set never grew past its list")
	}
}

// Past setListMax, thousands of random adds, sets and deletes (their
// index grown, its slots moved back over removed ones) leave a FileSet
// and a NameSet holding what maps hold, found by name and by bytes.
func TestBigSetsRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	names := &nameTable{}
	fs := FileSet{names: names}
	ns := withPrimary()
	want := map[string]DBFile{}
	wantNames := map[string]bool{"primary": true}
	for step := range 20000 {
		k := fmt.Sprintf("f%d", r.IntN(3000))
		switch r.IntN(4) {
		case 0, 1:
			f := DBFile{name: names.add(k), Size: int64(step)}
			if _, ok := want[k]; ok || r.IntN(2) == 0 {
				fs.Set(f)
			} else {
				fs.add(f)
			}
			want[k] = f
			ns.Add(k)
			wantNames[k] = true
		case 2:
			fs.Delete(k)
			delete(want, k)
			ns.Delete(k)
			delete(wantNames, k)
		case 3:
			g, ok := fs.getBytes([]byte(k))
			w, wok := want[k]
			if ok != wok || g != w || ns.hasBytes([]byte(k)) != wantNames[k] || ns.Has(k) != wantNames[k] {
				t.Fatalf("step %d: %s is %v %v, want %v %v", step, k, g, ok, w, wok)
			}
		}
	}
	if got := maps.Collect(fs.All()); !maps.Equal(got, want) || fs.Len() != len(want) {
		t.Errorf("files: %d held, want %d", fs.Len(), len(want))
	}
	for k, f := range want {
		if g, ok := fs.Get(k); !ok || g != f {
			t.Errorf("%s is %v", k, g)
		}
	}
	got := map[string]bool{}
	for k := range ns.All() {
		got[k] = true
	}
	if !maps.Equal(got, wantNames) || ns.Len() != len(wantNames) {
		t.Errorf("names: %d held, want %d", ns.Len(), len(wantNames))
	}
	c := ns.clone()
	for k := range wantNames {
		c.Delete(k)
	}
	if c.Len() != 0 || ns.Len() != len(wantNames) {
		t.Errorf("a clone emptied: %d and %d", c.Len(), ns.Len())
	}
}

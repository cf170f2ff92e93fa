package rules

// varTexts are the ADD FILE texts of variables (SL103): a batch or a loop
// has a variable or two, and a map for them cost a hash, a probe and, for
// each batch and loop, a clear, about 150 instructions an operation on
// every dense statement. Up to varTextsList variables are in a list;
// more (generated scripts with thousands) move to a map.
type varTexts struct {
	names, texts []string
	m            map[string]string // past varTextsList; the lists are then empty
}

// varTextsList is how many variables a varTexts holds in its lists.
const varTextsList = 16

// get is the text of variable v, "" when none.
func (t *varTexts) get(v string) string {
	if t.m != nil {
		return t.m[v]
	}
	for i, n := range t.names {
		if n == v {
			return t.texts[i]
		}
	}
	return ""
}

// set gives variable v text w.
func (t *varTexts) set(v, w string) {
	if t.m != nil {
		t.m[v] = w
		return
	}
	for i, n := range t.names {
		if n == v {
			t.texts[i] = w
			return
		}
	}
	if len(t.names) < varTextsList {
		t.names, t.texts = append(t.names, v), append(t.texts, w)
		return
	}
	t.m = make(map[string]string, 2*varTextsList)
	for i, n := range t.names {
		t.m[n] = t.texts[i]
	}
	t.m[v] = w
	t.reset()
}

// del takes variable v out.
func (t *varTexts) del(v string) {
	if t.m != nil {
		delete(t.m, v)
		return
	}
	for i, n := range t.names {
		if n == v {
			last := len(t.names) - 1
			t.names[i], t.texts[i] = t.names[last], t.texts[last]
			t.names[last], t.texts[last] = "", ""
			t.names, t.texts = t.names[:last], t.texts[:last]
			return
		}
	}
}

// len is how many variables t holds.
func (t *varTexts) len() int {
	if t.m != nil {
		return len(t.m)
	}
	return len(t.names)
}

// reset empties t's lists, keeping their room (and the map, if any).
func (t *varTexts) reset() {
	clear(t.names)
	clear(t.texts)
	t.names, t.texts = t.names[:0], t.texts[:0]
}

// clear empties t: its lists keep their room, a map is dropped.
func (t *varTexts) clear() {
	t.reset()
	t.m = nil
}

package lsp

import (
	"math/rand"
	"slices"
	"strings"
	"testing"
)

// An edit at many cursors sent first to last (each range in the text
// the previous change left, as VS Code and Neovim send a multi-cursor
// edit) copies the document once, not once per cursor: 2,000 cursors
// on a 200 KB document copied 400 MB.
func TestApplyAllFirstToLastCopiesOnce(t *testing.T) {
	var tx text
	tx.set(strings.Repeat("SELECT 1 -- \U0001F600 padding\r\n", 4000))
	size := len(tx.s)
	var cs []contentChange
	for line := 0; line < 4000; line += 2 {
		// each "x" replaces two characters; a line break goes in every
		// tenth, so the later lines move down
		ins := "x"
		if line%20 == 0 {
			ins = "x\r\n"
		}
		l := line + (line+19)/20 // the line breaks inserted above
		cs = append(cs, contentChange{Range: &Range{Start: Position{Line: l, Character: 14}, End: Position{Line: l, Character: 16}}, Text: ins})
	}
	tx.applyAll(cs, utf16)
	if tx.copied > 2*size {
		t.Errorf("2,000 changes of a %d-byte text copied %d bytes", size, tx.copied)
	}
	var want strings.Builder
	for line := 0; line < 4000; line++ {
		switch {
		case line%20 == 0:
			want.WriteString("SELECT 1 -- \U0001F600x\r\nadding\r\n")
		case line%2 == 0:
			want.WriteString("SELECT 1 -- \U0001F600xadding\r\n")
		default:
			want.WriteString("SELECT 1 -- \U0001F600 padding\r\n")
		}
	}
	if tx.s != want.String() {
		t.Errorf("text %.80q..., want %.80q...", tx.s, want.String())
	}
}

// Many cursors on one long line, first to last: each change is found
// from the one before, not from the line's start.
func TestApplyAllFirstToLastOneLine(t *testing.T) {
	var tx text
	tx.set(strings.Repeat("é", 100000))
	var cs []contentChange
	for i := 0; i < 1000; i++ {
		at := i*100 + i // after the i "a" inserted before
		cs = append(cs, contentChange{Range: &Range{Start: Position{Character: at}, End: Position{Character: at}}, Text: "a"})
	}
	tx.applyAll(cs, utf16)
	if want := strings.Repeat("a"+strings.Repeat("é", 100), 1000); tx.s != want {
		t.Errorf("text %.40q..., want %.40q...", tx.s, want)
	}
	if tx.copied > 2*len(tx.s) || tx.scanned > 2*len(tx.s) {
		t.Errorf("1,000 changes of a %d-byte line copied %d bytes, read %d", len(tx.s), tx.copied, tx.scanned)
	}
}

// applyAll makes the text that applying the changes one by one makes,
// for changes first to last too: ranges that touch or overlap the text
// the previous change inserted, CRLF split or joined at a change's
// edges, lines past the end, characters past a line's end or inside a
// surrogate pair, reversed ranges, whole-text changes.
func TestApplyAllFirstToLastMatchesOneByOne(t *testing.T) {
	pieces := []string{"", "a", "\r", "\n", "\r\n", "é", "\U0001F600", "xy\rz", "SELECT 1\r\n"}
	rng := rand.New(rand.NewSource(5))
	for round := 0; round < 3000; round++ {
		var sb strings.Builder
		for n := rng.Intn(40); n > 0; n-- {
			sb.WriteString(pieces[rng.Intn(len(pieces))])
		}
		var one, all text
		one.set(sb.String())
		all.set(sb.String())
		lines := len(one.index())
		var cs []contentChange
		line, char := 0, 0
		for n := rng.Intn(4 * minRun); n > 0; n-- {
			c := contentChange{Text: pieces[rng.Intn(len(pieces))]}
			switch rng.Intn(60) {
			case 0:
				c.Text = sb.String()[:rng.Intn(sb.Len()+1)]
			case 1, 2:
				c.Range = &Range{Start: Position{Line: rng.Intn(lines + 2), Character: rng.Intn(8)}, End: Position{Line: rng.Intn(lines + 2), Character: rng.Intn(8)}}
			default:
				// at or after the previous one, mostly on the same line
				if rng.Intn(3) == 0 {
					line += 1 + rng.Intn(2)
					char = rng.Intn(4)
				} else {
					char += rng.Intn(4) - 1
				}
				endLine, endChar := line, char+rng.Intn(3)
				if rng.Intn(8) == 0 {
					endLine, endChar = line+1, rng.Intn(3)
				}
				c.Range = &Range{Start: Position{Line: line, Character: max(char, 0)}, End: Position{Line: endLine, Character: endChar}}
				if rng.Intn(10) == 0 {
					c.Range.Start, c.Range.End = c.Range.End, c.Range.Start
				}
			}
			cs = append(cs, c)
		}
		enc := posEncoding(rng.Intn(3))
		for _, c := range cs {
			one.apply(c.Range, c.Text, enc)
		}
		all.applyAll(cs, enc)
		if all.s != one.s {
			t.Fatalf("round %d: %q with %+v (%v): %q, one by one %q", round, sb.String(), cs, enc, all.s, one.s)
		}
		fresh := text{s: all.s}
		if !slices.Equal(all.index(), fresh.index()) {
			t.Fatalf("round %d: lines %v, want %v", round, all.index(), fresh.index())
		}
	}
}

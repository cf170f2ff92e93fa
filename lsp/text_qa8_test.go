package lsp

import (
	"math/rand"
	"slices"
	"strings"
	"testing"
)

// After any change the line index is the one the whole text gives: also
// when a change splits or joins a CRLF, ends in a lone CR, removes line
// breaks or holds multi-byte characters.
func TestApplyKeepsLineIndex(t *testing.T) {
	pieces := []string{"", "a", "\r", "\n", "\r\n", "é", "\U0001F600", "xy\rz", "\n\n", "SELECT 1\r\n"}
	rng := rand.New(rand.NewSource(3))
	for round := 0; round < 300; round++ {
		var tx text
		var sb strings.Builder
		for n := rng.Intn(10); n > 0; n-- {
			sb.WriteString(pieces[rng.Intn(len(pieces))])
		}
		tx.set(sb.String())
		for step := 0; step < 20; step++ {
			lines := len(tx.index())
			r := &Range{Start: Position{Line: rng.Intn(lines + 1), Character: rng.Intn(6)}, End: Position{Line: rng.Intn(lines + 1), Character: rng.Intn(6)}}
			var ins strings.Builder
			for n := rng.Intn(3); n > 0; n-- {
				ins.WriteString(pieces[rng.Intn(len(pieces))])
			}
			before := tx.s
			tx.apply(r, ins.String(), posEncoding(rng.Intn(3)))
			got := slices.Clone(tx.index())
			fresh := text{s: tx.s}
			if want := fresh.index(); !slices.Equal(got, want) {
				t.Fatalf("round %d: %q, %+v replaced by %q: %q has lines %v, want %v", round, before, r, ins.String(), tx.s, got, want)
			}
		}
	}
}

// Many changes in one document read only what they change to find the
// lines, not the whole document each time.
func TestApplyReadsOnlyTheChange(t *testing.T) {
	var tx text
	tx.set(strings.Repeat("SELECT 1 -- \U0001F600 padding\r\n", 4000))
	size := len(tx.s)
	tx.index()
	for i := 0; i < 2000; i++ {
		line := i * 7919 % 4000
		tx.apply(&Range{Start: Position{Line: line, Character: 14}, End: Position{Line: line, Character: 14}}, "x\n", utf16)
	}
	if tx.scanned > 2*size {
		t.Errorf("2,000 changes of a %d-byte text read %d bytes to find its lines", size, tx.scanned)
	}
	if n := len(tx.index()); n != 6001 {
		t.Errorf("%d lines, want 6,001", n)
	}
}

// applyAll makes the text that applying the changes one by one makes:
// runs each before the previous, runs that overlap or touch, whole-text
// changes, reversed ranges.
func TestApplyAllMatchesOneByOne(t *testing.T) {
	pieces := []string{"", "a", "\r", "\n", "\r\n", "é", "\U0001F600", "xy\rz", "SELECT 1\r\n"}
	rng := rand.New(rand.NewSource(4))
	pos := func(lines int) Position { return Position{Line: rng.Intn(lines + 2), Character: rng.Intn(8)} }
	for round := 0; round < 2000; round++ {
		var sb strings.Builder
		for n := rng.Intn(40); n > 0; n-- {
			sb.WriteString(pieces[rng.Intn(len(pieces))])
		}
		var one, all text
		one.set(sb.String())
		all.set(sb.String())
		lines := len(one.index())
		var cs []contentChange
		line := lines + 1
		for n := rng.Intn(3 * minRun); n > 0; n-- {
			c := contentChange{Text: pieces[rng.Intn(len(pieces))]}
			switch rng.Intn(40) {
			case 0:
				c.Text = sb.String()[:rng.Intn(sb.Len()+1)] // whole text, maybe cutting a character
			case 1, 2:
				c.Range = &Range{Start: pos(lines), End: pos(lines)}
			default:
				// the next line up, as a client sends many cursors
				line = max(line-rng.Intn(2), 0)
				c.Range = &Range{Start: Position{Line: line, Character: rng.Intn(3)}, End: Position{Line: line, Character: rng.Intn(6)}}
			}
			cs = append(cs, c)
		}
		enc := posEncoding(rng.Intn(3))
		for _, c := range cs {
			one.apply(c.Range, c.Text, enc)
		}
		all.applyAll(cs, enc)
		if all.s != one.s {
			t.Fatalf("round %d: %q with %+v: %q, one by one %q", round, sb.String(), cs, all.s, one.s)
		}
		fresh := text{s: all.s}
		if !slices.Equal(all.index(), fresh.index()) {
			t.Fatalf("round %d: lines %v, want %v", round, all.index(), fresh.index())
		}
	}
}

// An edit at many cursors, last first, copies the document once, not
// once per cursor.
func TestApplyAllCopiesOnce(t *testing.T) {
	var tx text
	tx.set(strings.Repeat("SELECT 1 -- \U0001F600 padding\r\n", 4000))
	size := len(tx.s)
	var cs []contentChange
	for line := 3999; line >= 0; line -= 2 {
		cs = append(cs, contentChange{Range: &Range{Start: Position{Line: line, Character: 14}, End: Position{Line: line, Character: 16}}, Text: "x"})
	}
	tx.applyAll(cs, utf16)
	if tx.copied > size {
		t.Errorf("2,000 changes of a %d-byte text copied %d bytes", size, tx.copied)
	}
	if want := strings.Repeat("SELECT 1 -- \U0001F600 padding\r\nSELECT 1 -- \U0001F600xadding\r\n", 2000); tx.s != want {
		t.Errorf("text %.80q..., want %.80q...", tx.s, want)
	}
}

package rules

import (
	"math"
	"strings"
	"testing"
	"unsafe"

	"github.com/sqllint/sqllint/parser"
)

// lowerCases are names the model lowers: ASCII with and without upper
// case, non-ASCII whose lower case differs in length, invalid UTF-8.
var lowerCases = []string{"", "sales", "Sales_24_0", "ARCHIVE_LOG", "x.LDF", "Ünïcode_Log", "KELVIN\u212a", "İstanbul", "bad\xffLOG", `D:/Backup/Sales.BAK`, `x/y:z`, strings.Repeat("Ab", 40)}

// The ASCII fast paths of the model give what strings.ToLower gives.
func TestLowerFastPaths(t *testing.T) {
	for _, s := range lowerCases {
		k, v := ownWithLower(s)
		if k != s || v != strings.ToLower(s) {
			t.Errorf("ownWithLower(%q) = %q, %q", s, k, v)
		}
		var buf [64]byte
		if b, ok := lowerInto(buf[:], s); ok && string(b) != strings.ToLower(s) {
			t.Errorf("lowerInto(%q) = %q", s, b)
		} else if !ok && isASCII(s) && len(s) <= len(buf) {
			t.Errorf("lowerInto(%q) took no fast path", s)
		}
		for _, suffix := range []string{"log", ".ldf"} {
			if isASCII(s) && hasSuffixFold(s, suffix) != strings.HasSuffix(strings.ToLower(s), suffix) {
				t.Errorf("hasSuffixFold(%q, %q) = %v", s, suffix, !strings.HasSuffix(strings.ToLower(s), suffix))
			}
		}
		n := parser.Name{Value: s, Raw: "[" + s + "]"}
		if !keyIs(&n, n.Key()) || keyIs(&n, n.Key()+"x") {
			t.Errorf("keyIs(%q) is wrong", s)
		}
		n.Unresolved = true
		if !keyIs(&n, n.Raw) || keyIs(&n, strings.ToLower(s)) && s != "" {
			t.Errorf("keyIs(unresolved %q) is wrong", s)
		}
		f := parser.FileSpec{Name: s, FileName: s}
		want := strings.HasSuffix(strings.ToLower(s), ".ldf") || strings.HasSuffix(strings.ToLower(s), "log")
		if isLogName(f) != want {
			t.Errorf("isLogName(%q) = %v", s, !want)
		}
		for _, typ := range []string{"disk", "URL", "Tape"} {
			tg := parser.Target{Known: true, Type: typ, Value: " " + s + " "}
			var kb [128]byte
			b, ok := deviceKeyIn(kb[:], tg)
			if ok && string(b) != deviceKey(tg) {
				t.Errorf("deviceKeyIn(%q, %q) = %q, want %q", typ, s, b, deviceKey(tg))
			}
		}
	}
	var kb [128]byte
	if b, ok := deviceKeyIn(kb[:], parser.Target{Known: false, Type: "DISK", Value: "x"}); !ok || len(b) != 0 {
		t.Errorf("an unknown target has key %q (%v)", b, ok)
	}
}

// Databases named in ASCII, in other letters, longer than a lookup's
// buffer or by a variable are found, dropped and used alike.
func TestDatabaseKeys(t *testing.T) {
	long := "Db_" + strings.Repeat("X", 70)
	for _, name := range []string{"Sales", "Ünïcode", long, "$(db)"} {
		sql := "CREATE DATABASE [" + name + "];\nALTER DATABASE [" + name + "] ADD FILE (NAME = F1, SIZE = 1GB);\n" +
			"USE [" + name + "];\nALTER DATABASE [" + strings.ToUpper(name) + "] ADD FILE (NAME = F2, SIZE = 1GB);\n" +
			"DROP DATABASE [" + name + "];\nALTER DATABASE [" + name + "] ADD FILE (NAME = F3, SIZE = 1GB);\n"
		if name == "$(db)" {
			sql = strings.ReplaceAll(strings.ReplaceAll(sql, "[$(db)]", "$(db)"), "[$(DB)]", "$(db)")
		}
		res := parser.ParseFile(parser.NewFile("deploy.sql", sql), nil)
		m := BuildModel([]*parser.Result{res}, "", nil)
		var files []int
		for _, e := range m.Effects {
			if _, ok := e.Stmt.Node.(*parser.AlterDatabase); ok {
				files = append(files, int(e.Files))
			}
		}
		// 2 unnamed files from CREATE, then F1, F2; after DROP only F3
		if len(files) != 3 || files[0] != 3 || files[1] != 4 || files[2] != 1 {
			t.Errorf("%s: file counts %v, want [3 4 1]", name, files)
		}
		if ctx := m.Effects[3].Context; ctx == "" || m.Databases[ctx] == nil && name != "$(db)" {
			t.Errorf("%s: USE gives context %q", name, ctx)
		}
	}
}

// memo formats a message once for each key, and keeps a key's string as
// its own.
func TestMemo(t *testing.T) {
	var m Model
	calls := 0
	text := []byte("Sales_log")
	name := string(text)
	format := func(s string) func() string { return func() string { calls++; return "log file " + s } }
	for range 3 {
		if got := m.memo(msgKey{rule: sl203, s: name[:5], n: 10}, format(name[:5])); got != "log file Sales" {
			t.Fatalf("memo = %q", got)
		}
	}
	if got := m.memo(msgKey{rule: sl203, s: name[:5], n: 11}, format("x")); got != "log file x" || calls != 2 {
		t.Fatalf("memo = %q after %d calls", got, calls)
	}
	for _, e := range m.memos {
		if e.k.s == "Sales" && unsafeSameData(e.k.s, name) {
			t.Errorf("the key %q is a slice of the script's text", e.k.s)
		}
	}
	// keys that differ only in a float's sign of zero are one key, as
	// they were in a map keyed by msgKey
	neg := math.Copysign(0, -1)
	if got := m.memo(msgKey{rule: sl203, s: "z", x: neg}, format("y")); got != "log file y" {
		t.Fatalf("memo = %q", got)
	}
	if got := m.memo(msgKey{rule: sl203, s: "z"}, format("w")); got != "log file y" || calls != 3 {
		t.Fatalf("memo = %q after %d calls: -0 and 0 are two keys", got, calls)
	}
}

func unsafeSameData(a, b string) bool {
	return len(a) > 0 && len(b) > 0 && unsafe.StringData(a) == unsafe.StringData(b)
}

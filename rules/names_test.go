package rules

import (
	"reflect"
	"strings"
	"testing"
	"unsafe"

	"github.com/sqllint/sqllint/parser"
)

// A nameTable gives back each name as written and in lower case, ASCII
// or not, short or longer than a chunk, after thousands of others; ""
// is id 0; intern gives a name seen before its id again. A name whose
// lower case is longer than itself finds room for both.
func TestNameTable(t *testing.T) {
	var nt nameTable
	if id := nt.add(""); id != 0 || nt.str(0) != "" || nt.lower(0) != "" {
		t.Fatalf(`"" is id %d`, id)
	}
	names := []string{"Sales_Data", "sales_log", "ÄRGER_Log", "İstanbul", "Ω", strings.Repeat("LongName", nameChunk/8)}
	for i := range 3 * refsChunk {
		names = append(names, "File_"+itoa(i))
		if i%7 == 0 {
			// longer lowered (U+023A is 2 bytes, U+2C65 3): some of
			// them do not fit where the name was put first
			names = append(names, "\u023aFILE_"+itoa(i)+strings.Repeat("\u023a", i%40))
		}
	}
	ids := make([]nameID, len(names))
	for i, s := range names {
		if lower := strings.ToLower(s); i%2 == 1 && len(lower) == len(s) {
			ids[i] = nt.addLower(s, []byte(lower), lower != s) // lowered by the caller (addFile)
		} else {
			ids[i] = nt.add(s)
		}
	}
	for i, s := range names {
		if got := nt.str(ids[i]); got != s {
			t.Fatalf("name %d is %q, want %q", i, got, s)
		}
		if got := nt.lower(ids[i]); got != strings.ToLower(s) {
			t.Fatalf("name %d lowered is %q, want %q", i, got, strings.ToLower(s))
		}
	}
	fg := nt.intern("FG1")
	if again := nt.intern(strings.Clone("FG1")); again != fg || nt.intern("fg1") == fg {
		t.Errorf("intern: %d then %d", fg, again)
	}
}

// What the model keeps of a file holds no pointer, so that the
// collector does not look into the lists of them (FileSet, a backup
// snapshot's copies): 24 bytes.
func TestDBFilePointerFree(t *testing.T) {
	var hasPointer func(reflect.Type) bool
	hasPointer = func(ty reflect.Type) bool {
		switch ty.Kind() {
		case reflect.Pointer, reflect.String, reflect.Slice, reflect.Map, reflect.Interface,
			reflect.Chan, reflect.Func, reflect.UnsafePointer:
			return true
		case reflect.Struct:
			for i := range ty.NumField() {
				if hasPointer(ty.Field(i).Type) {
					return true
				}
			}
		case reflect.Array:
			return hasPointer(ty.Elem())
		}
		return false
	}
	for _, ty := range []reflect.Type{reflect.TypeFor[DBFile](), reflect.TypeFor[nameRef]()} {
		if hasPointer(ty) {
			t.Errorf("%v holds a pointer", ty)
		}
	}
	if n := unsafe.Sizeof(DBFile{}); n != 24 {
		t.Errorf("a DBFile takes %d bytes", n)
	}
}

// A backup snapshot keeps its files as they were: MODIFY FILE, a
// rename, SHRINKFILE and a restore over the database change the
// database's files, not the snapshot's.
func TestSnapshotKeepsItsFiles(t *testing.T) {
	src := `CREATE DATABASE S ON (NAME = S_dat, FILENAME = 'D:\S.mdf', SIZE = 1GB) LOG ON (NAME = S_log, FILENAME = 'L:\S.ldf', SIZE = 512MB);
BACKUP DATABASE S TO DISK = 'B:\S1.bak';
ALTER DATABASE S MODIFY FILE (NAME = S_dat, SIZE = 4GB);
ALTER DATABASE S MODIFY FILE (NAME = s_LOG, NEWNAME = S_log2);
USE S;
DBCC SHRINKFILE (S_log2, 100);
RESTORE DATABASE C1 FROM DISK = 'B:\S1.bak';
`
	m := BuildModel([]*parser.Result{parser.ParseFile(parser.NewFile("deploy.sql", src), nil)}, "", nil)
	files := func(d *Database) map[string]string {
		out := map[string]string{}
		for k, f := range d.Files.All() {
			out[k] = d.Files.Name(f) + "=" + itoa(int(f.Size>>20))
		}
		return out
	}
	if got, want := files(m.Databases["c1"]), map[string]string{"s_dat": "S_dat=1024", "s_log": "S_log=512"}; !reflect.DeepEqual(got, want) {
		t.Errorf("C1's files %v, want %v", got, want)
	}
	if got, want := files(m.Databases["s"]), map[string]string{"s_dat": "S_dat=4096", "s_log2": "S_log2=100"}; !reflect.DeepEqual(got, want) {
		t.Errorf("S's files %v, want %v", got, want)
	}
}

// A name whose lower case is longer than itself, put where there is room
// for twice the name but not for it and its lower case, moves to where
// both fit.
func TestNameTableLongerLower(t *testing.T) {
	var nt nameTable
	nt.add("a")
	for c := nt.chunks[0]; cap(c)-len(c) > 8; c = nt.chunks[0] {
		nt.add("a")
	}
	s := "\u023a\u023a" // 4 bytes, lowered 6
	id := nt.add(s)
	if nt.str(id) != s || nt.lower(id) != strings.ToLower(s) {
		t.Fatalf("got %q and %q", nt.str(id), nt.lower(id))
	}
	if nt.ref(id).chunk == 0 {
		t.Errorf("the name stayed in the full chunk")
	}
	if a := nt.add("A"); nt.str(a) != "A" || nt.lower(a) != "a" {
		t.Errorf("after it: %q and %q", nt.str(a), nt.lower(a))
	}
}

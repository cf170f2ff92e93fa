package natsort

import "strings"

// Flyway's file names (its default prefixes and separator): V<version>__
// (versioned), B<version>__ (baseline), U<version>__ (undo) and R__
// (repeatable), then a description and ".sql"; and its SQL callbacks,
// an event's name alone or before "__" and a description, then ".sql". A version is runs of digits
// separated by '.' or '_' (Flyway reads both as '.').

// flywayName is a file name read as Flyway's.
type flywayName struct {
	kind    byte   // 'V', 'B', 'U', 'R', or 'C' for a callback
	version string // digit runs separated by '.' or '_'; "" for R and C
	event   int    // a callback's: its index in flywayEvents
}

// parseFlyway reads name as a Flyway script name; ok is false when it is
// not one. Prefixes are upper-case, as Flyway matches them by default.
func parseFlyway(name string) (f flywayName, ok bool) {
	if !hasSQLSuffix(name) {
		return f, false
	}
	f.kind = name[0]
	s := name[1:]
	switch f.kind {
	case 'R':
		return f, strings.HasPrefix(s, "__")
	case 'V', 'B', 'U':
	case 'a', 'b', 'c':
		return parseCallback(name)
	default:
		return f, false
	}
	for rest := s; ; {
		var run string
		run, rest = digitRun(rest)
		if run == "" {
			return f, false
		}
		if strings.HasPrefix(rest, "__") {
			f.version = s[:len(s)-len(rest)]
			return f, true
		}
		if !versionGoesOn(rest) {
			return f, false
		}
		rest = rest[1:]
	}
}

// hasSQLSuffix reports whether s ends with ".sql" in any case, as
// strings.EqualFold compares its last four bytes with it: four bytes that
// fold to ".sql" are ASCII (fewer runes would not match).
func hasSQLSuffix(s string) bool {
	n := len(s)
	return n >= 4 && s[n-4] == '.' && s[n-3]|0x20 == 's' && s[n-2]|0x20 == 'q' && s[n-1]|0x20 == 'l'
}

// FlywayName reports whether name follows Flyway's pattern (ok), and
// whether it is a versioned or baseline script's (versioned).
func FlywayName(name string) (ok, versioned bool) {
	f, ok := parseFlyway(name)
	return ok, ok && (f.kind == 'V' || f.kind == 'B')
}

// FlywayCallback reports whether name is that of a Flyway SQL callback
// (beforeMigrate.sql, afterMigrate__Tidy.sql, ...).
func FlywayCallback(name string) bool {
	f, ok := parseFlyway(name)
	return ok && f.kind == 'C'
}

// IsFlywayFolder reports whether names, the script files of one folder,
// are a Flyway migrations folder: each name follows Flyway's pattern and
// one at least is a versioned or baseline script.
func IsFlywayFolder(names []string) bool {
	versioned := false
	for _, n := range names {
		ok, v := FlywayName(n)
		if !ok {
			return false
		}
		versioned = versioned || v
	}
	return versioned
}

// FlywayCompare orders two file names of a Flyway folder (IsFlywayFolder)
// the way Flyway runs them: versioned (V) and baseline (B) scripts by
// version (each part of it a number, missing parts 0: 1 = 1.0), the
// versioned one first at one version; then the repeatable ones (R__),
// which a migrate applies after all versioned ones, by description;
// then the undo scripts (U), which a migrate does not run and which undo
// the newest version first, newest first. SQL callbacks (beforeMigrate.sql,
// afterMigrate__tidy.sql, ...) go where a migrate runs them, those it
// never runs last (flywayEvents). Names that tie (V1 and V1.0)
// and names that are not Flyway's go in natural order. The order is
// total: it is 0 only for equal names. A sort of many names reads each
// once (FlywaySortKey) rather than at every comparison.
func FlywayCompare(a, b string) int {
	ka, kb := NewFlywaySortKey(a), NewFlywaySortKey(b)
	return ka.Compare(&kb)
}

// FlywaySortKey is a file name read once as Flyway's (NewFlywaySortKey),
// for a sort: Compare orders two keys as FlywayCompare orders their
// names, without reading the names again.
type FlywaySortKey struct {
	Name string
	f    flywayName
	ok   bool
	rank int // flywayRank, when ok
	// the version's first number, when it fits in 64 bits (first is set),
	// and the version after it and its separator
	head  uint64
	first bool
	rest  string
}

// NewFlywaySortKey reads name for FlywaySortKey.Compare.
func NewFlywaySortKey(name string) FlywaySortKey {
	k := FlywaySortKey{Name: name}
	k.f, k.ok = parseFlyway(name)
	if !k.ok {
		return k
	}
	k.rank = flywayRank(k.f)
	if k.f.version == "" {
		return k
	}
	run, rest := digitRun(k.f.version)
	if run = trimZeros(run); len(run) <= 19 { // below 10^19 < 2^64
		for i := 0; i < len(run); i++ {
			k.head = k.head*10 + uint64(run[i]-'0')
		}
		k.first, k.rest = true, trimSeparators(rest)
	}
	return k
}

// Flyway is FlywayName(k.Name).
func (k *FlywaySortKey) Flyway() (ok, versioned bool) {
	return k.ok, k.ok && (k.f.kind == 'V' || k.f.kind == 'B')
}

// Head is the first number of the version of a versioned or baseline
// script (ok): two such keys whose heads differ compare as their heads
// (Compare), whatever else their names hold. ok is false for any other
// key, and when the number does not fit in 64 bits.
func (k *FlywaySortKey) Head() (head uint64, ok bool) {
	return k.head, k.ok && k.first && (k.f.kind == 'V' || k.f.kind == 'B')
}

// Compare is FlywayCompare(a.Name, b.Name).
func (a *FlywaySortKey) Compare(b *FlywaySortKey) int {
	if a.ok != b.ok {
		if a.ok {
			return -1
		}
		return 1
	}
	if a.ok {
		if a.rank != b.rank {
			return a.rank - b.rank
		}
		if a.f.kind == 'C' {
			return compareCallbacks(a.Name, b.Name, a.f, b.f)
		}
		var c int
		switch {
		case a.first && b.first && a.head != b.head:
			c = order(a.head < b.head)
		case a.first && b.first:
			c = compareVersions(a.rest, b.rest)
		default:
			c = compareVersions(a.f.version, b.f.version)
		}
		if a.f.kind == 'U' {
			c = -c
		}
		if c != 0 {
			return c
		}
		if a.f.kind != b.f.kind { // V before B at one version
			if a.f.kind == 'V' {
				return -1
			}
			return 1
		}
	}
	switch {
	case a.Name == b.Name:
		return 0
	case Less(a.Name, b.Name):
		return -1
	}
	return 1
}

// flywayRank is the part of a migrate a script runs in: callbacks
// before the migrations, versioned and baseline scripts, callbacks after
// them, repeatable ones, callbacks after the migrate; last what a
// migrate never runs: undo scripts and the other commands' callbacks.
func flywayRank(f flywayName) int {
	switch f.kind {
	case 'V', 'B':
		return 1
	case 'R':
		return 3
	case 'C':
		return flywayEvents[f.event].rank
	}
	return 5 // U
}

// flywayEvents are the events of Flyway's SQL callbacks (<event>.sql or
// <event>__<description>.sql), in the order Flyway sorts callbacks, with
// the part of a migrate each runs in (flywayRank). A migrate runs the
// before-each and after-each callbacks around every migration; they are
// taken once here, before the first and after the last versioned one.
// Those of other commands (clean, undo, validate, ...) and of errors a
// migrate never runs: they come last, as the undo scripts do.
var flywayEvents = []struct {
	id   string
	rank int
}{
	{"beforeClean", 6}, {"afterClean", 6}, {"afterCleanError", 6},
	{"beforeConnect", 0}, {"afterConnect", 0}, {"beforeCreateSchema", 0}, {"createSchema", 0},
	{"beforeMigrate", 0}, {"beforeEachMigrate", 0}, {"beforeEachMigrateStatement", 0},
	{"afterEachMigrateStatement", 2}, {"afterEachMigrateStatementError", 6},
	{"afterEachMigrate", 2}, {"afterEachMigrateError", 6},
	{"afterVersioned", 2}, {"beforeRepeatables", 2},
	{"afterMigrate", 4}, {"afterMigrateApplied", 4}, {"afterMigrateError", 6},
	{"beforeUndo", 6}, {"beforeEachUndo", 6}, {"beforeEachUndoStatement", 6},
	{"afterEachUndoStatement", 6}, {"afterEachUndoStatementError", 6},
	{"afterEachUndo", 6}, {"afterEachUndoError", 6}, {"afterUndo", 6}, {"afterUndoError", 6},
	{"beforeValidate", 6}, {"afterValidate", 6}, {"afterValidateError", 6},
	{"beforeBaseline", 6}, {"afterBaseline", 6}, {"afterBaselineError", 6},
	{"beforeRepair", 6}, {"afterRepair", 6}, {"afterRepairError", 6},
	{"beforeInfo", 6}, {"afterInfo", 6}, {"afterInfoError", 6},
	{"afterMigrateOperationFinish", 4},
}

// parseCallback reads name (with a .sql suffix) as a Flyway SQL
// callback's: an event's id, exactly, alone or before "__" and a
// description.
func parseCallback(name string) (f flywayName, ok bool) {
	id := name[:len(name)-4]
	if i := strings.Index(id, "__"); i >= 0 {
		id = id[:i]
	}
	for i, e := range flywayEvents {
		if e.id == id {
			return flywayName{kind: 'C', event: i}, true
		}
	}
	return f, false
}

// callbackDescription is what follows "__" in a callback's name, without
// the suffix; ok is false when there is none.
func callbackDescription(name string) (d string, ok bool) {
	base := name[:len(name)-4]
	i := strings.Index(base, "__")
	if i < 0 {
		return "", false
	}
	return base[i+2:], true
}

// compareCallbacks orders two callbacks of one rank (no migration
// shares a rank with a callback) as Flyway sorts callbacks: by event,
// then one without a description first, then by description.
func compareCallbacks(a, b string, fa, fb flywayName) int {
	if fa.event != fb.event {
		return fa.event - fb.event
	}
	da, oka := callbackDescription(a)
	db, okb := callbackDescription(b)
	switch {
	case oka != okb:
		if okb {
			return -1
		}
		return 1
	case da != db:
		return strings.Compare(da, db)
	}
	return strings.Compare(a, b) // the suffix's case
}

// compareVersions compares two versions part by part, each as a number;
// a missing part is 0.
func compareVersions(a, b string) int {
	for a != "" || b != "" {
		x, y := "0", "0"
		if a != "" {
			x, a = digitRun(a)
			a = trimSeparators(a)
		}
		if b != "" {
			y, b = digitRun(b)
			b = trimSeparators(b)
		}
		if c := compareNumbers(x, y); c != 0 {
			return c
		}
	}
	return 0
}

// trimSeparators drops the '.' and '_' s starts with.
func trimSeparators(s string) string {
	i := 0
	for i < len(s) && (s[i] == '.' || s[i] == '_') {
		i++
	}
	return s[i:]
}

// trimZeros drops the zeros s starts with.
func trimZeros(s string) string {
	i := 0
	for i < len(s) && s[i] == '0' {
		i++
	}
	return s[i:]
}

// compareNumbers compares two runs of digits by value.
func compareNumbers(x, y string) int {
	x, y = trimZeros(x), trimZeros(y)
	if len(x) != len(y) {
		return len(x) - len(y)
	}
	return strings.Compare(x, y)
}

// FlywayKey is what Flyway tells two scripts of one location apart by:
// their kind and version (1 and 1.0 and 01 are one version) or, for a
// repeatable script, its description ('_' reads as a space in it).
// Flyway refuses a location with two scripts of one key. It is "" for a
// name that is not Flyway's.
func FlywayKey(name string) string {
	f, ok := parseFlyway(name)
	switch {
	case !ok:
		return ""
	case f.kind == 'C': // Flyway refuses two callbacks of one name
		return "C" + name[:len(name)-4]
	case f.kind == 'R':
		return "R" + strings.ReplaceAll(name[3:len(name)-4], "_", " ")
	}
	var parts []string
	for v := f.version; v != ""; {
		var run string
		run, v = digitRun(v)
		v = strings.TrimLeft(v, "._")
		if run = strings.TrimLeft(run, "0"); run == "" {
			run = "0"
		}
		parts = append(parts, run)
	}
	for len(parts) > 1 && parts[len(parts)-1] == "0" {
		parts = parts[:len(parts)-1]
	}
	return string(f.kind) + strings.Join(parts, ".")
}

package natsort

import "strings"

// Flyway's file names (its default prefixes and separator): V<version>__
// (versioned), B<version>__ (baseline), U<version>__ (undo) and R__
// (repeatable), then a description and ".sql". A version is runs of digits
// separated by '.' or '_' (Flyway reads both as '.').

// flywayName is a file name read as Flyway's.
type flywayName struct {
	kind    byte   // 'V', 'B', 'U' or 'R'
	version string // digit runs separated by '.' or '_'; "" for R
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
// the newest version first, newest first. Names that tie (V1 and V1.0)
// and names that are not Flyway's go in natural order. The order is
// total: it is 0 only for equal names.
func FlywayCompare(a, b string) int {
	fa, oka := parseFlyway(a)
	fb, okb := parseFlyway(b)
	if oka != okb {
		if oka {
			return -1
		}
		return 1
	}
	if oka {
		if ra, rb := flywayRank(fa.kind), flywayRank(fb.kind); ra != rb {
			return ra - rb
		}
		c := compareVersions(fa.version, fb.version)
		if fa.kind == 'U' {
			c = -c
		}
		if c != 0 {
			return c
		}
		if fa.kind != fb.kind { // V before B at one version
			if fa.kind == 'V' {
				return -1
			}
			return 1
		}
	}
	switch {
	case a == b:
		return 0
	case Less(a, b):
		return -1
	}
	return 1
}

// flywayRank is the part of a migrate a kind of script runs in.
func flywayRank(kind byte) int {
	switch kind {
	case 'V', 'B':
		return 0
	case 'R':
		return 1
	}
	return 2 // U
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

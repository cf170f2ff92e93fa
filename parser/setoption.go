package parser

import (
	"fmt"
	"slices"
	"strings"
)

// setOptionNames are the options ALTER DATABASE ... SET documents (ALTER
// DATABASE SET options, with database mirroring, SET HADR and
// compatibility level, for SQL Server, Azure SQL Database and Managed
// Instance, Azure Synapse, Analytics Platform System and Fabric). Any
// other word there is a syntax error on the server, so the statement,
// and every option of it, never runs.
var setOptionNames = map[string]bool{
	"ACCELERATED_DATABASE_RECOVERY": true, "ALLOW_SNAPSHOT_ISOLATION": true, "ANSI_NULL_DEFAULT": true,
	"ANSI_NULLS": true, "ANSI_PADDING": true, "ANSI_WARNINGS": true, "ARITHABORT": true,
	"AUTO_CLOSE": true, "AUTO_CREATE_STATISTICS": true, "AUTO_SHRINK": true, "AUTO_UPDATE_STATISTICS": true,
	"AUTO_UPDATE_STATISTICS_ASYNC": true, "AUTOGROW": true, "AUTOMATIC_TUNING": true, "CHANGE_TRACKING": true,
	"COMPATIBILITY_LEVEL": true, "CONCAT_NULL_YIELDS_NULL": true, "CONTAINMENT": true,
	"CURSOR_CLOSE_ON_COMMIT": true, "CURSOR_DEFAULT": true, "DATA_LAKE_LOG_PUBLISHING": true,
	"DATA_RETENTION": true, "DATE_CORRELATION_OPTIMIZATION": true, "DB_CHAINING": true,
	"DEFAULT_FULLTEXT_LANGUAGE": true, "DEFAULT_LANGUAGE": true, "DELAYED_DURABILITY": true,
	"DISABLE_BROKER": true, "DISTRIBUTED_SIZE": true, "EMERGENCY": true, "ENABLE_BROKER": true,
	"ENCRYPTION": true, "ERROR_BROKER_CONVERSATIONS": true, "FILESTREAM": true, "HADR": true,
	"HONOR_BROKER_PRIORITY": true, "LEDGER_DIGEST_STORAGE_ENDPOINT": true, "LOG_SIZE": true,
	"MEMORY_OPTIMIZED_ELEVATE_TO_SNAPSHOT": true, "MIXED_PAGE_ALLOCATION": true, "MULTI_USER": true,
	"NESTED_TRIGGERS": true, "NEW_BROKER": true, "NUMERIC_ROUNDABORT": true, "OFFLINE": true,
	"ONLINE": true, "OPTIMIZED_LOCKING": true, "PAGE_VERIFY": true, "PARAMETERIZATION": true,
	"PARTNER": true, "QUERY_STORE": true, "QUOTED_IDENTIFIER": true, "READ_COMMITTED_SNAPSHOT": true,
	"READ_ONLY": true, "READ_WRITE": true, "RECOVERY": true, "RECURSIVE_TRIGGERS": true,
	"REMOTE_DATA_ARCHIVE": true, "REPLICATED_SIZE": true, "RESTRICTED_USER": true,
	"RESULT_SET_CACHING": true, "SINGLE_USER": true, "SUPPLEMENTAL_LOGGING": true,
	"SUSPEND_FOR_SNAPSHOT_BACKUP": true, "TARGET_RECOVERY_TIME": true, "TEMPORAL_HISTORY_RETENTION": true,
	"TORN_PAGE_DETECTION": true, "TRANSFORM_NOISE_WORDS": true, "TRUSTWORTHY": true,
	"TWO_DIGIT_YEAR_CUTOFF": true, "VARDECIMAL_STORAGE_FORMAT": true, "VORDER": true, "WITNESS": true,
}

// setOptionValues are the documented values of the SET options that take
// one word of a closed set (and, from init, those that take ON or OFF).
var setOptionValues = map[string][]string{
	"RECOVERY":           {"FULL", "BULK_LOGGED", "SIMPLE"},
	"PAGE_VERIFY":        {"CHECKSUM", "TORN_PAGE_DETECTION", "NONE"},
	"CURSOR_DEFAULT":     {"LOCAL", "GLOBAL"},
	"PARAMETERIZATION":   {"SIMPLE", "FORCED"},
	"DELAYED_DURABILITY": {"DISABLED", "ALLOWED", "FORCED"},
	"CONTAINMENT":        {"NONE", "PARTIAL"},
}

func init() {
	// the options documented as { ON | OFF } alone
	for _, o := range []string{"ALLOW_SNAPSHOT_ISOLATION", "ANSI_NULL_DEFAULT", "ANSI_NULLS", "ANSI_PADDING",
		"ANSI_WARNINGS", "ARITHABORT", "AUTO_CLOSE", "AUTO_SHRINK", "AUTO_UPDATE_STATISTICS",
		"AUTO_UPDATE_STATISTICS_ASYNC", "CONCAT_NULL_YIELDS_NULL", "CURSOR_CLOSE_ON_COMMIT",
		"DATE_CORRELATION_OPTIMIZATION", "DB_CHAINING", "HONOR_BROKER_PRIORITY",
		"MEMORY_OPTIMIZED_ELEVATE_TO_SNAPSHOT", "MIXED_PAGE_ALLOCATION", "NESTED_TRIGGERS",
		"NUMERIC_ROUNDABORT", "QUOTED_IDENTIFIER", "READ_COMMITTED_SNAPSHOT", "RECURSIVE_TRIGGERS",
		"SUPPLEMENTAL_LOGGING", "TORN_PAGE_DETECTION", "TRANSFORM_NOISE_WORDS", "TRUSTWORTHY"} {
		setOptionValues[o] = onOff
	}
	setOptions = make(map[string][]string, len(setOptionNames))
	for o := range setOptionNames {
		setOptions[o] = setOptionValues[o]
	}
}

// setOptions maps each documented option to its values (nil when they
// are not a closed set of words): one lookup a statement's option.
var setOptions map[string][]string

var onOff = []string{"ON", "OFF"}

// badSetOption is the SL001 error of an ALTER DATABASE SET whose option
// is no documented one (SET TARGET_RECOVERY_TME = 0 SECONDS) or whose
// value is not one of its option's closed set (SET RECOVERY SIMPLEE) or
// is followed by another word (SET RECOVERY SIMPLE GO, SET MULTI_USER GO),
// nil when its options are documented ones. The message says what was
// expected and, for a near miss, which word was meant. A value that is
// not a plain word (a template placeholder, an expression) is not judged.
func badSetOption(ad *AlterDatabase) error {
	for i := range ad.Options {
		o := &ad.Options[i]
		if o.Name == "TARGET_RECOVERY_TIME" {
			continue // the option most scripts set, by far: no lookup
		}
		values, known := setOptions[o.Name]
		if !known && !placeholder(o.Name) {
			p := o.Span.Start.Position()
			return fmt.Errorf("%q is not an ALTER DATABASE SET option (expected a documented option%s) (line %d, column %d)",
				o.Name, meant(o.Name, setOptionNameList()), p.Line, p.Column)
		}
		if strings.HasPrefix(o.Value, "(") {
			// a parenthesized list (FILESTREAM (...), QUERY_STORE (...)):
			// no documented option has a word after it
			if end := groupEnd(o.Value, 0); end > 0 {
				if rest := strings.Fields(o.Value[end:]); len(rest) > 0 && plainWord(rest[0]) {
					p := wordAfterGroup(o, rest[0]).Position()
					return fmt.Errorf("unexpected token %q (expected a comma between options, or the end of the statement) (line %d, column %d)",
						rest[0], p.Line, p.Column)
				}
			}
			continue
		}
		noValue, number := setOptionNoValue[o.Name], setOptionNumber[o.Name]
		if values == nil && !noValue && !number {
			continue
		}
		// first is the value's first word, next the word after it (a value
		// is one word in all but broken statements)
		first, next := o.Value, ""
		if !plainWord(o.Value) {
			words := strings.Fields(o.Value)
			if len(words) < 2 || !plainWord(words[0]) && !(number && digits(words[0])) ||
				slices.ContainsFunc(words[1:], func(w string) bool { return !plainWord(w) }) {
				continue
			}
			first, next = words[0], words[1]
		}
		switch {
		case noValue:
			if first == "" {
				continue
			}
			next = first
		case values != nil:
			k := slices.IndexFunc(values, func(w string) bool { return strings.EqualFold(first, w) })
			if k < 0 {
				p := o.Span.Start.Position()
				return fmt.Errorf("%q is not a value of %s (expected %s%s) (line %d, column %d)",
					first, o.Name, orList(values), meant(strings.ToUpper(first), values), p.Line, p.Column)
			}
			if want, ok := setOptionEquals[o.Name]; ok {
				if eq, known := equalsAfterName(o); known && eq != want {
					p := o.Span.Start.Position()
					if want {
						return fmt.Errorf("%s takes \"=\" before its value: write %s = %s (line %d, column %d)", o.Name, o.Name, values[k], p.Line, p.Column)
					}
					return fmt.Errorf("%s takes no \"=\" before its value: write %s %s (line %d, column %d)", o.Name, o.Name, values[k], p.Line, p.Column)
				}
			}
		}
		if next != "" {
			// no word follows the value (SET RECOVERY SIMPLE GO, a GO
			// joined to its line; SET RECOVERY SIMPLE PAGE_VERIFY ...,
			// a comma missing), as none follows ON or OFF
			p := wordAfterValue(o, next, !noValue).Position()
			return fmt.Errorf("unexpected token %q (expected a comma between options, or the end of the statement) (line %d, column %d)",
				next, p.Line, p.Column)
		}
	}
	return nil
}

// modifyFilegroupProperties are the properties MODIFY FILEGROUP takes,
// one of them: the updatability options in both spellings, DEFAULT,
// NAME = new_name and the autogrow options.
var modifyFilegroupProperties = []string{"READ_ONLY", "READ_WRITE", "READONLY", "READWRITE", "DEFAULT", "NAME",
	"AUTOGROW_SINGLE_FILE", "AUTOGROW_ALL_FILES"}

// badModifyFilegroup is the SL001 error of an ALTER DATABASE MODIFY
// FILEGROUP whose property is none of modifyFilegroupProperties (READONLYY)
// or is followed by another word (DEFAULT GO, a GO joined to its line;
// NAME = fg2 GO), nil otherwise. A property or value that is not plain
// words (a placeholder, a bracketed name) is not judged.
func badModifyFilegroup(ad *AlterDatabase) error {
	if ad.Filegroup == nil || len(ad.Options) == 0 || !plainWord(ad.Options[0].Name) {
		return nil
	}
	o := &ad.Options[0]
	if !slices.Contains(modifyFilegroupProperties, o.Name) {
		p := wordsAfter(ad.Filegroup.Span, 0).Position()
		return fmt.Errorf("%q is not a MODIFY FILEGROUP property (expected %s%s) (line %d, column %d)",
			o.Name, orList(modifyFilegroupProperties), meant(o.Name, modifyFilegroupProperties), p.Line, p.Column)
	}
	skip := 0 // the words of the property's value: NAME = new_name
	if o.Name == "NAME" {
		skip = 1
	}
	words := strings.Fields(o.Value)
	if len(words) <= skip || slices.ContainsFunc(words, func(w string) bool { return !plainWord(w) }) {
		return nil
	}
	p := wordsAfter(ad.Filegroup.Span, 1+2*skip).Position()
	return fmt.Errorf("unexpected token %q (expected the end of the statement) (line %d, column %d)", words[skip], p.Line, p.Column)
}

// wordsAfter is the position of the word after the n words that follow
// span (a word, or an "="), as the source text shows it; span's start when
// the text holds anything else on the way (a comment).
func wordsAfter(span Span, n int) Pos {
	f, i := span.End.File, span.End.Offset
	if f == nil || i < 0 || i > len(f.Text) {
		return span.Start
	}
	for k := 0; ; k++ {
		for i < len(f.Text) && (f.Text[i] == ' ' || f.Text[i] == '\t' || f.Text[i] == '\r' || f.Text[i] == '\n') {
			i++
		}
		if k == n {
			return Pos{File: f, Offset: i}
		}
		j := i
		for j < len(f.Text) && (f.Text[j] == '_' || 'A' <= f.Text[j] && f.Text[j] <= 'Z' || 'a' <= f.Text[j] && f.Text[j] <= 'z' || '0' <= f.Text[j] && f.Text[j] <= '9') {
			j++
		}
		if j == i && i < len(f.Text) && f.Text[i] == '=' {
			j++
		}
		if j == i {
			return span.Start
		}
		i = j
	}
}

// setOptionNoValue are the SET options that take no value: the user
// access, state, update and service broker options (SET MULTI_USER, SET
// OFFLINE, SET READ_ONLY, SET ENABLE_BROKER).
var setOptionNoValue = map[string]bool{
	"SINGLE_USER": true, "RESTRICTED_USER": true, "MULTI_USER": true,
	"OFFLINE": true, "ONLINE": true, "EMERGENCY": true, "READ_ONLY": true, "READ_WRITE": true,
	"ENABLE_BROKER": true, "DISABLE_BROKER": true, "NEW_BROKER": true, "ERROR_BROKER_CONVERSATIONS": true,
}

// groupEnd is the index just after the parenthesis that closes the one at
// s[i], quoted strings and names passed over ('a)', N'a)', "a)", [a)], a
// quote doubled inside them too); -1 when none closes it.
func groupEnd(s string, i int) int {
	depth := 0
	for ; i < len(s); i++ {
		switch c := s[i]; c {
		case '\'', '"', '[':
			closing := c
			if c == '[' {
				closing = ']'
			}
			for i++; i < len(s) && (s[i] != closing || i+1 < len(s) && s[i+1] == closing); i++ {
				if s[i] == closing {
					i++ // a doubled quote
				}
			}
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				return i + 1
			}
		}
	}
	return -1
}

// wordAfterGroup is the position of word after option o's parenthesized
// value, as o's source text shows it; the option's own position when the
// text holds a comment, whose parentheses groupEnd would count.
func wordAfterGroup(o *Option, word string) Pos {
	start := o.Span.Start
	f, from, to := start.File, start.Offset, o.Span.End.Offset
	if f == nil || o.Span.End.File != f || from < 0 || to > len(f.Text) || from >= to {
		return start
	}
	raw := f.Text[from:to]
	open := strings.IndexByte(raw, '(')
	if open < 0 || strings.Contains(raw, "--") || strings.Contains(raw, "/*") {
		return start
	}
	end := groupEnd(raw, open)
	if end < 0 {
		return start
	}
	i := end
	for i < len(raw) && (raw[i] == ' ' || raw[i] == '\t' || raw[i] == '\r' || raw[i] == '\n') {
		i++
	}
	if !strings.HasPrefix(raw[i:], word) {
		return start
	}
	return Pos{File: f, Offset: from + i}
}

// setOptionNumber are the SET options whose value is one number
// (COMPATIBILITY_LEVEL = 160, TWO_DIGIT_YEAR_CUTOFF = 2049).
var setOptionNumber = map[string]bool{"COMPATIBILITY_LEVEL": true, "TWO_DIGIT_YEAR_CUTOFF": true}

// digits reports whether s is a number written with digits alone.
func digits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// wordAfterValue is the position of word, the first word after option o's
// value (after its name when hasValue is false), as o's source text shows
// it; the option's own position when that text cannot be read so (a
// quoted name, a value given by a sqlcmd variable, a comment between).
func wordAfterValue(o *Option, word string, hasValue bool) Pos {
	start := o.Span.Start
	f, from, to := start.File, start.Offset, o.Span.End.Offset
	if f == nil || o.Span.End.File != f || from < 0 || to > len(f.Text) || to-from <= len(o.Name) ||
		!strings.EqualFold(f.Text[from:from+len(o.Name)], o.Name) {
		return start
	}
	raw := f.Text[from:to]
	i := len(o.Name)
	blank := func() {
		for i < len(raw) && (raw[i] == ' ' || raw[i] == '\t' || raw[i] == '\r' || raw[i] == '\n') {
			i++
		}
	}
	blank()
	if hasValue {
		if i < len(raw) && raw[i] == '=' {
			i++
			blank()
		}
		j := i
		for j < len(raw) && (raw[j] == '_' || 'A' <= raw[j] && raw[j] <= 'Z' || 'a' <= raw[j] && raw[j] <= 'z' || '0' <= raw[j] && raw[j] <= '9') {
			j++
		}
		if j == i || !strings.EqualFold(raw[i:j], strings.Fields(o.Value)[0]) {
			return start
		}
		i = j
		blank()
	}
	if !strings.HasPrefix(raw[i:], word) {
		return start
	}
	return Pos{File: f, Offset: from + i}
}

// setOptionEquals tells, for the SET options of a closed set of words
// other than ON | OFF, whether ALTER DATABASE SET options documents an
// "=" between the name and the value: RECOVERY { FULL | BULK_LOGGED |
// SIMPLE } has none, CONTAINMENT = { NONE | PARTIAL } has one. (The ON |
// OFF options are documented both ways, AUTO_CLOSE { ON | OFF } beside
// ACCELERATED_DATABASE_RECOVERY = { ON | OFF }, and not judged.)
var setOptionEquals = map[string]bool{
	"RECOVERY": false, "PAGE_VERIFY": false, "CURSOR_DEFAULT": false, "PARAMETERIZATION": false,
	"CONTAINMENT": true, "DELAYED_DURABILITY": true,
}

// equalsAfterName reports whether option o is written with an "=" after
// its name, as its source text shows; known is false when that text does
// not start with the name (a placeholder's, a quoted name) or holds a
// comment after it.
func equalsAfterName(o *Option) (eq, known bool) {
	f, from, to := o.Span.Start.File, o.Span.Start.Offset, o.Span.End.Offset
	if f == nil || o.Span.End.File != f || from < 0 || to > len(f.Text) || to-from <= len(o.Name) {
		return false, false
	}
	raw := f.Text[from:to]
	if !strings.EqualFold(raw[:len(o.Name)], o.Name) {
		return false, false
	}
	rest := strings.TrimLeft(raw[len(o.Name):], " \t\r\n")
	if strings.HasPrefix(rest, "--") || strings.HasPrefix(rest, "/*") {
		return false, false
	}
	return strings.HasPrefix(rest, "="), true
}

// placeholder reports whether name is a placeholder replaced before the
// script runs ($(Option), ${option}, <option, sysname, AUTO_CLOSE>): no
// documented option holds $ or <.
func placeholder(name string) bool { return strings.ContainsAny(name, "$<") }

// plainWord reports whether s is one bare identifier word.
func plainWord(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || i > 0 && '0' <= c && c <= '9') {
			return false
		}
	}
	return s != ""
}

// orList writes words as "A, B or C".
func orList(words []string) string {
	if len(words) == 1 {
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// meant is "; did you mean W?" for the word of words nearest to w (the
// first in order of a tie), when it is near enough to be a misspelling,
// else "".
func meant(w string, words []string) string {
	best, bestDist := "", 0
	for _, c := range words {
		if d := EditDistance(w, c); best == "" || d < bestDist || d == bestDist && c < best {
			best, bestDist = c, d
		}
	}
	if best == "" || bestDist > max(2, len(w)/6) {
		return ""
	}
	return "; did you mean " + best + "?"
}

// setOptionNameList is setOptionNames as a list, for meant.
func setOptionNameList() []string {
	l := make([]string, 0, len(setOptionNames))
	for w := range setOptionNames {
		l = append(l, w)
	}
	return l
}

// EditDistance is the Levenshtein distance of a and b (did-you-mean for
// SET options, flags and rule names).
func EditDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"net/url"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/sqllint/sqllint/internal/mergemark"
	"github.com/sqllint/sqllint/parser"
	"github.com/sqllint/sqllint/rules"
)

// Top-level keys, in the order the starter config shows them.
const (
	keyRules         = "rules"
	keySeverity      = "severity"
	keyOptions       = "options"
	keyTargetVersion = "target-version"
	keyInclude       = "include"
	keyExclude       = "exclude"
	keyVariables     = "variables"
	keyDatabase      = "database"
	keyServer        = "server"
	keyFailOn        = "fail-on"
	keyContext       = "context"
	keyBaseline      = "baseline"
)

var topKeys = append([]string{keyRules, keySeverity, keyOptions, keyTargetVersion, keyInclude, keyExclude,
	keyVariables, keyDatabase, keyServer, keyFailOn, keyContext, keyBaseline}, securityKeys...)

// allRules is the word that stands for every rule in rules, severity and
// options.
const allRules = "all"

var severities = map[string]parser.Severity{"error": parser.SevError, "warning": parser.SevWarning, "info": parser.SevInfo}

const sevOff = "off"

var failOns = []string{"error", "warning", "info", "never"}

// versions maps the SQL Server release years to major versions (2008 R2
// is 10.50: major 10, as 2008).
var versions = map[string]int{"2005": 9, "2008": 10, "2008r2": 10, "2012": 11, "2014": 12, "2016": 13,
	"2017": 14, "2019": 15, "2022": 16, "2025": 17}

// TargetVersionHelp lists the forms target-version and --target-version
// accept.
const TargetVersionHelp = "a release year (2005, 2008, 2008R2, 2012, 2014, 2016, 2017, 2019, 2022 or 2025) " +
	"or a major version (9, 10, 10.5, or 11 to 17, with or without \".0\")"

// ParseTargetVersion reads a SQL Server version as target-version and
// --target-version give it, a release year (2022, 2008R2) or a major
// version (16, 16.0, 10.5), and returns its major version (16).
func ParseTargetVersion(s string) (int, bool) {
	s = strings.ToLower(strings.Join(strings.Fields(s), "")) // "2008 R2"
	if v, ok := versions[s]; ok {
		return v, true
	}
	switch s {
	case "10.5", "10.50":
		return 10, true // 2008 R2
	}
	s = strings.TrimSuffix(s, ".0")
	if v, err := strconv.Atoi(s); err == nil && v >= 9 && v <= 17 && s == strconv.Itoa(v) {
		return v, true
	}
	return 0, false
}

// Parse reads a configuration file's contents. filename is used in errors
// and sets Path and Dir. reg is the rule registry rule IDs, names and
// options are checked against (rules.Default when nil). The whole file is
// checked; the error returned is the first problem in file order, an
// *Error.
func Parse(filename string, data []byte, reg *rules.Registry) (*Config, error) {
	if reg == nil {
		reg = rules.Default
	}
	cfg := Default()
	cfg.Path = filename
	if filename != "" {
		cfg.Dir = filepath.Dir(filename)
	}
	l := &loader{file: filename, reg: reg, cfg: cfg}
	l.load(data)
	if len(l.errs) > 0 {
		sort.SliceStable(l.errs, func(i, j int) bool {
			a, b := l.errs[i], l.errs[j]
			if a.Line != b.Line {
				return a.Line < b.Line
			}
			return a.Column < b.Column
		})
		return nil, l.errs[0]
	}
	return cfg, nil
}

type loader struct {
	file string
	reg  *rules.Registry
	cfg  *Config
	errs []*Error
}

func (l *loader) errorf(n *yaml.Node, key, format string, args ...any) {
	e := &Error{File: l.file, Key: key, Msg: fmt.Sprintf(format, args...)}
	if n != nil {
		e.Line, e.Column = n.Line, n.Column
	}
	l.errs = append(l.errs, e)
}

var (
	yamlLine = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)
	// yamlParserError matches the problems yaml.v3's parser (rather than
	// its scanner) reports: it gives their 0-based line.
	yamlAnchor      = regexp.MustCompile(`^unknown anchor '(.*)' referenced$`)
	yamlParserError = regexp.MustCompile(`^did not find expected (key|node content|',' or '\]'|',' or '\}'|<document start>|'-' indicator)$`)
)

// syntaxError turns a yaml.v3 error into an *Error with the line and
// column of the problem (see locateSyntaxError); yaml.v3 itself gives only
// a line, often that of the enclosing block.
func (l *loader) syntaxError(err error, data []byte) {
	msg := yamlMessage(err)
	e := &Error{File: l.file, Line: 1, Msg: "invalid YAML: " + msg}
	if m := yamlLine.FindStringSubmatch(err.Error()); m != nil {
		e.Line, _ = strconv.Atoi(m[1])
		if yamlParserError.MatchString(m[2]) {
			e.Line++
		}
	}
	if m := yamlAnchor.FindStringSubmatch(msg); m != nil {
		// reported without a position: find the first *name
		e.Line, e.Column = 0, 0
		if i := bytes.Index(data, []byte("*"+m[1])); i >= 0 {
			e.Line, e.Column = lineCol(data, i)
		}
	} else if off, ok := locateSyntaxError(data, msg, e.Line); ok {
		e.Line, e.Column = lineCol(data, off)
		if data[off] == '\t' && !strings.Contains(msg, "tab") {
			// yaml.v3 only says the character "cannot start any token"
			e.Msg += " (a tab: YAML indents with spaces only)"
		}
	}
	l.errs = append(l.errs, e)
}

// yamlMessage is a yaml.v3 error's message without "yaml: line N: ".
func yamlMessage(err error) string {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	if m := yamlLine.FindStringSubmatch(err.Error()); m != nil {
		msg = m[2]
	}
	return msg
}

// locateBudget bounds the bytes locateSyntaxError parses in all (it
// parses prefixes of the file); past it the error keeps yaml.v3's line.
const locateBudget = 16 << 20

// locateSyntaxError finds the byte offset of a YAML syntax error: the first
// line, from line from (yaml.v3's line, which is that of the problem or of
// the block around it, never after it) on, whose end the parser cannot get
// past with the same message, then the first character of that line at
// which the prefix fails so. When that character is the ':' after a key
// (the parser found a key where it wanted something else), the offset is
// the key's first character.
func locateSyntaxError(data []byte, msg string, from int) (int, bool) {
	budget := locateBudget
	fails := func(k int) bool {
		budget -= k
		err := decodeAll(data[:k])
		return err != nil && yamlMessage(err) == msg
	}
	start := 0
	for line := 1; line < from-1 && start < len(data); line++ {
		nl := bytes.IndexByte(data[start:], '\n')
		if nl < 0 {
			break
		}
		start += nl + 1
	}
	for start < len(data) {
		if budget < 0 {
			return 0, false
		}
		end := len(data)
		if nl := bytes.IndexByte(data[start:], '\n'); nl >= 0 {
			end = start + nl + 1
		}
		if fails(end) {
			break
		}
		start = end
	}
	for k := start + 1; k <= len(data); k++ {
		if budget < 0 {
			return 0, false
		}
		if !fails(k) {
			continue
		}
		off := k - 1
		if data[off] == ':' && msg != "mapping values are not allowed in this context" {
			for off > start && !isYAMLBlank(data[off-1]) {
				off--
			}
		}
		return off, true
	}
	return 0, false
}

func isYAMLBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// decodeAll decodes every document of data, returning the first error.
func decodeAll(data []byte) error {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	for {
		var n yaml.Node
		if err := dec.Decode(&n); err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return err
		}
	}
}

// lineCol turns a byte offset into a 1-based line and column (characters).
func lineCol(data []byte, off int) (line, col int) {
	lineStart := bytes.LastIndexByte(data[:off], '\n') + 1
	return 1 + bytes.Count(data[:off], []byte("\n")), 1 + utf8.RuneCount(data[lineStart:off])
}

func (l *loader) load(data []byte) {
	if line, marker := mergemark.Find(data); line > 0 {
		l.errs = append(l.errs, &Error{File: l.file, Line: line, Column: 1, Msg: conflictMsg(marker)})
		return
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if !errors.Is(err, io.EOF) {
			l.syntaxError(err, data)
		}
		return // an empty file is the defaults
	}
	var next yaml.Node
	if err := dec.Decode(&next); err == nil {
		n := &next
		if len(next.Content) > 0 {
			n = next.Content[0]
		}
		l.errorf(n, "", "a config file holds one YAML document, found a second")
		return
	} else if !errors.Is(err, io.EOF) {
		l.syntaxError(err, data)
		return
	}
	root := &doc
	if root.Kind == yaml.DocumentNode {
		if len(root.Content) == 0 {
			return
		}
		root = root.Content[0]
	}
	root = resolve(root)
	if isNull(root) {
		return
	}
	pairs, ok := l.mapping(root, "")
	if !ok {
		return
	}
	for _, kv := range pairs {
		k, v := kv.key.Value, kv.value
		if isNull(v) {
			if !contains(topKeys, k) {
				l.unknownTop(kv.key)
			}
			continue // a key with no value keeps its default
		}
		switch k {
		case keyRules:
			l.rules(v)
		case keySeverity:
			l.severity(v)
		case keyOptions:
			l.options(v)
		case keyTargetVersion:
			l.targetVersion(v)
		case keyInclude:
			if globs := l.globs(v, k); len(globs) > 0 {
				l.cfg.Include = globs
			}
		case keyExclude:
			l.cfg.Exclude = l.globs(v, k)
		case keyVariables:
			l.variables(v)
		case keyDatabase:
			if s, ok := l.str(v, k); ok {
				l.cfg.Rules.DefaultDatabase = strings.TrimSpace(s)
			}
		case keyServer:
			l.server(v)
		case keyFailOn:
			if s, ok := l.str(v, k); ok {
				s = strings.ToLower(strings.TrimSpace(s))
				if contains(failOns, s) {
					l.cfg.FailOn = s
				} else {
					l.errorf(v, k, "must be error, warning, info or never, got %q", v.Value)
				}
			}
		case keyContext:
			l.context(v)
		case keyBaseline:
			if s, ok := l.str(v, k); ok {
				if s = strings.TrimSpace(s); s == "" {
					l.errorf(v, k, "must be a file name, got an empty string")
				} else {
					if s = filepath.FromSlash(s); !filepath.IsAbs(s) {
						s = filepath.Join(l.cfg.Dir, s) // an absolute path stays as written
					}
					l.cfg.Baseline = s
				}
			}
		default:
			if !l.security(k, v) {
				l.unknownTop(kv.key)
			}
		}
	}
}

// context reads the folders read as context: a list of paths relative to
// the config file's folder, or [] for none.
func (l *loader) context(n *yaml.Node) {
	if n.Kind != yaml.SequenceNode && n.Kind != yaml.ScalarNode {
		l.list(n, keyContext) // the error
		return
	}
	l.cfg.ContextSet = true
	l.cfg.Context = []string{}
	l.cfg.ContextAt = []Error{}
	l.strings(n, keyContext, "a folder or file", func(it *yaml.Node, k, s string) {
		if !filepath.IsAbs(s) {
			s = filepath.Join(l.cfg.Dir, filepath.FromSlash(s))
		}
		l.cfg.Context = append(l.cfg.Context, s)
		l.cfg.ContextAt = append(l.cfg.ContextAt, Error{File: l.file, Line: it.Line, Column: it.Column, Key: k})
	})
}

// strings calls fn with each non-empty string of the list (or single
// string) n, trimmed, with the key that names it in messages ("env[2]");
// an empty string is an error: it must be what.
func (l *loader) strings(n *yaml.Node, key, what string, fn func(it *yaml.Node, k, s string)) {
	items, ok := l.list(n, key)
	if !ok {
		return
	}
	for i, it := range items {
		k := fmt.Sprintf("%s[%d]", key, i)
		if n.Kind == yaml.ScalarNode {
			k = key
		}
		s, ok := l.str(it, k)
		if !ok {
			continue
		}
		if s = strings.TrimSpace(s); s == "" {
			l.errorf(it, k, "must be %s, got an empty string", what)
			continue
		}
		fn(it, k, s)
	}
}

func (l *loader) unknownTop(k *yaml.Node) {
	name := k.Value
	switch {
	case l.isOption(name):
		l.errorf(k, "", "unknown key %q: rule options go under options, per rule or for every rule that has them: options: {all: {%s: ...}}", name, name)
	case l.lookup(name) != nil:
		l.errorf(k, "", "unknown key %q: set a rule's severity under severity and its options under options", name)
	default:
		l.errorf(k, "", "unknown key %q%s", name, suggest(name, topKeys))
	}
}

// pair is one entry of a YAML mapping.
type pair struct{ key, value *yaml.Node }

// mapping returns n's entries, checking that n is a mapping with string
// keys and no key twice. key is n's path, for errors.
func (l *loader) mapping(n *yaml.Node, key string) ([]pair, bool) {
	if n.Kind != yaml.MappingNode {
		if key == "" {
			l.errorf(n, key, "the config file must be a mapping (key: value lines), got %s", describe(n))
		} else {
			l.errorf(n, key, "must be a mapping (key: value lines), got %s", describe(n))
		}
		return nil, false
	}
	var out []pair
	seen := map[string]*yaml.Node{}
	ok := true
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := resolve(n.Content[i]), resolve(n.Content[i+1])
		switch {
		case k.Kind != yaml.ScalarNode:
			l.errorf(k, key, "a key must be a plain word, got %s", describe(k))
			ok = false
			continue
		case k.Tag == "!!merge":
			l.errorf(k, key, "merge keys (<<) are not supported")
			ok = false
			continue
		}
		if first := seen[k.Value]; first != nil {
			l.errorf(k, key, "duplicate key %q (first at line %d)", k.Value, first.Line)
			ok = false
			continue
		}
		seen[k.Value] = k
		out = append(out, pair{k, v})
	}
	return out, ok
}

// list returns n's items: n is a list or, for convenience, one scalar.
func (l *loader) list(n *yaml.Node, key string) ([]*yaml.Node, bool) {
	switch n.Kind {
	case yaml.SequenceNode:
		out := make([]*yaml.Node, len(n.Content))
		for i, c := range n.Content {
			out[i] = resolve(c)
		}
		return out, true
	case yaml.ScalarNode:
		return []*yaml.Node{n}, true
	}
	l.errorf(n, key, "must be a list, got %s", describe(n))
	return nil, false
}

// str returns scalar n's text.
func (l *loader) str(n *yaml.Node, key string) (string, bool) {
	if n.Kind != yaml.ScalarNode || isNull(n) {
		l.errorf(n, key, "must be a string, got %s", describe(n))
		return "", false
	}
	return n.Value, true
}

// lookup finds a rule by ID or name, ignoring case.
func (l *loader) lookup(s string) *rules.Rule {
	if r := l.reg.Lookup(s); r != nil {
		return r
	}
	if r := l.reg.Lookup(strings.ToUpper(s)); r != nil {
		return r
	}
	return l.reg.Lookup(strings.ToLower(s))
}

func (l *loader) unknownRule(n *yaml.Node, key, name string) {
	var cands []string
	for _, r := range l.reg.All() {
		cands = append(cands, r.ID, r.Name)
	}
	l.errorf(n, key, "unknown rule %q%s", name, suggest(name, cands))
}

func (l *loader) isOption(name string) bool {
	for _, r := range l.reg.All() {
		for _, o := range r.Options {
			if o.Name == name {
				return true
			}
		}
	}
	return false
}

// rules reads the rules list: "all" and rules (or ID prefixes, SL3) to
// run, "-rule" for rules not to run, applied in order. A list naming
// rules to run but not "all" runs only those. An empty list is an error,
// as --select "" is: ruff's select = [] runs no rule, and sqllint's
// default is every rule.
func (l *loader) rules(n *yaml.Node) {
	items, ok := l.list(n, keyRules)
	if !ok {
		return
	}
	if len(items) == 0 {
		l.errorf(n, keyRules, "names no rule: remove the key (or write [all]) to run every rule, or list the rules to run")
		return
	}
	type step struct {
		on  bool
		ids []string
	}
	var steps []step
	positive := false
	for i, it := range items {
		key := fmt.Sprintf("%s[%d]", keyRules, i)
		if n.Kind == yaml.ScalarNode {
			key = keyRules
		}
		if it.Kind != yaml.ScalarNode || isNull(it) {
			l.errorf(it, key, "must be a rule ID or name, \"all\", or one of those after \"-\", got %s", describe(it))
			continue
		}
		s := strings.TrimSpace(it.Value)
		on := !strings.HasPrefix(s, "-")
		name := strings.TrimSpace(strings.TrimPrefix(s, "-"))
		ids := l.reg.Match(name) // all, a rule, or an ID prefix (SL3), as --select reads them
		if len(ids) == 0 {
			l.unknownRule(it, key, name)
			continue
		}
		positive = positive || on
		steps = append(steps, step{on, ids})
	}
	disabled := map[string]bool{}
	if positive { // start from no rule
		for _, r := range l.reg.All() {
			disabled[r.ID] = true
		}
	}
	for _, s := range steps {
		for _, id := range s.ids {
			if s.on {
				delete(disabled, id)
			} else {
				disabled[id] = true
			}
		}
	}
	for id := range disabled {
		l.cfg.Rules.Disabled[id] = true
	}
}

// ruleEntries reads a mapping keyed by rule ID or name (or "all"): it
// returns the entries by rule ID, "all" under allRules, rejecting unknown
// rules and a rule named twice.
func (l *loader) ruleEntries(n *yaml.Node, key string) map[string]pair {
	pairs, _ := l.mapping(n, key)
	out := map[string]pair{}
	for _, kv := range pairs {
		name := kv.key.Value
		id := allRules
		if !strings.EqualFold(name, allRules) {
			r := l.lookup(name)
			if r == nil {
				l.unknownRule(kv.key, key, name)
				continue
			}
			id = r.ID
		}
		if first, dup := out[id]; dup {
			l.errorf(kv.key, key, "%q names the same rule as %q at line %d", name, first.key.Value, first.key.Line)
			continue
		}
		out[id] = kv
	}
	return out
}

func (l *loader) severity(n *yaml.Node) {
	entries := l.ruleEntries(n, keySeverity)
	values := map[string]string{}
	for id, kv := range entries {
		key := keySeverity + "." + kv.key.Value
		v := kv.value
		s := ""
		if v.Kind == yaml.ScalarNode && !isNull(v) {
			s = strings.ToLower(strings.TrimSpace(v.Value))
		}
		if _, ok := severities[s]; !ok && s != sevOff {
			l.errorf(v, key, "must be error, warning, info or off, got %s", describe(v))
			continue
		}
		values[id] = s
	}
	for _, r := range l.reg.All() {
		s, ok := values[r.ID]
		if !ok {
			s, ok = values[allRules]
		}
		switch {
		case !ok:
		case s == sevOff:
			l.cfg.Rules.Disabled[r.ID] = true
		default:
			l.cfg.Rules.Severity[r.ID] = severities[s]
		}
	}
}

// Bounds of a rule option: a rate under minRate (1 KB/s when in MB/s)
// makes every estimate overflow to "+Inf h", and a value over maxOption
// prints as a wall of digits; neither describes a real server.
const (
	minRate   = 0.001
	maxOption = 1e12
)

func (l *loader) options(n *yaml.Node) {
	entries := l.ruleEntries(n, keyOptions)
	values := map[string]map[string]float64{}
	for id, kv := range entries {
		key := keyOptions + "." + kv.key.Value
		if isNull(kv.value) {
			continue
		}
		pairs, _ := l.mapping(kv.value, key)
		var r *rules.Rule
		if id != allRules {
			r = l.reg.Lookup(id)
		}
		for _, o := range pairs {
			name := o.key.Value
			if !l.hasOption(r, name) {
				l.unknownOption(o.key, key, r, name)
				continue
			}
			if v, ok := l.number(o.value, key+"."+name); ok {
				if v == 0 && l.isRate(r, name) {
					// Estimates divide by the rate: 0 would print "+Inf h".
					l.errorf(o.value, key+"."+name, "a rate must be more than 0, got %s", o.value.Value)
					continue
				}
				if v < minRate && l.isRate(r, name) {
					// A rate near 0 overflows the estimate just the same.
					l.errorf(o.value, key+"."+name, "a rate must be at least %g (estimates divide by it), got %s", minRate, o.value.Value)
					continue
				}
				if v > maxOption {
					// Messages print the value and the estimates made with it.
					l.errorf(o.value, key+"."+name, "must be at most %g, got %s", maxOption, o.value.Value)
					continue
				}
				if values[id] == nil {
					values[id] = map[string]float64{}
				}
				values[id][name] = v
			}
		}
	}
	for _, r := range l.reg.All() {
		for _, o := range r.Options {
			v, ok := values[r.ID][o.Name]
			if !ok {
				v, ok = values[allRules][o.Name]
			}
			if !ok {
				continue
			}
			if l.cfg.Rules.Options[r.ID] == nil {
				l.cfg.Rules.Options[r.ID] = map[string]float64{}
			}
			l.cfg.Rules.Options[r.ID][o.Name] = v
		}
	}
}

// hasOption reports whether rule r (any rule when nil) has option name.
func (l *loader) hasOption(r *rules.Rule, name string) bool {
	if r == nil {
		return l.isOption(name)
	}
	for _, o := range r.Options {
		if o.Name == name {
			return true
		}
	}
	return false
}

// isRate reports whether option name (of rule r, or of any rule when r is
// nil) is a rate: its unit is per time ("MB/s"). Estimates divide by a
// rate, so 0 is meaningless; a budget or limit of 0 is meaningful ("flag
// any"), and negative numbers are refused for every option.
func (l *loader) isRate(r *rules.Rule, name string) bool {
	for _, rr := range l.reg.All() {
		if r != nil && rr != r {
			continue
		}
		for _, o := range rr.Options {
			if o.Name == name && strings.Contains(o.Unit, "/") {
				return true
			}
		}
	}
	return false
}

func (l *loader) unknownOption(n *yaml.Node, key string, r *rules.Rule, name string) {
	var names []string
	if r != nil {
		for _, o := range r.Options {
			names = append(names, o.Name)
		}
	} else {
		seen := map[string]bool{}
		for _, rr := range l.reg.All() {
			for _, o := range rr.Options {
				if !seen[o.Name] {
					seen[o.Name] = true
					names = append(names, o.Name)
				}
			}
		}
		sort.Strings(names)
	}
	switch {
	case r == nil:
		l.errorf(n, key, "unknown option %q%s: no rule has it; the options are %s", name, suggest(name, names), strings.Join(names, ", "))
	case len(names) == 0:
		l.errorf(n, key, "unknown option %q: rule %s (%s) has no options", name, r.ID, r.Name)
	default:
		l.errorf(n, key, "unknown option %q for rule %s (%s)%s: its options are %s", name, r.ID, r.Name, suggest(name, names), strings.Join(names, ", "))
	}
}

// number reads a non-negative finite number.
func (l *loader) number(n *yaml.Node, key string) (float64, bool) {
	if n.Kind != yaml.ScalarNode || (n.Tag != "!!int" && n.Tag != "!!float") {
		if _, err := strconv.ParseFloat(strings.TrimSpace(n.Value), 64); err == nil && n.Kind == yaml.ScalarNode && n.Tag == "!!str" {
			l.errorf(n, key, "must be a number, got the string %s (remove the quotes)", describe(n))
		} else {
			l.errorf(n, key, "must be a number, got %s", describe(n))
		}
		return 0, false
	}
	var v float64
	if err := n.Decode(&v); err != nil {
		l.errorf(n, key, "must be a number, got %s", describe(n))
		return 0, false
	}
	switch {
	case math.IsNaN(v) || math.IsInf(v, 0):
		l.errorf(n, key, "must be a finite number, got %s", describe(n))
		return 0, false
	case v < 0:
		l.errorf(n, key, "must not be negative, got %s", n.Value)
		return 0, false
	}
	return v, true
}

func (l *loader) targetVersion(n *yaml.Node) {
	if n.Kind == yaml.ScalarNode && (n.Tag == "!!int" || n.Tag == "!!str" || n.Tag == "!!float") {
		if v, ok := ParseTargetVersion(n.Value); ok {
			l.cfg.Rules.TargetVersion = v
			return
		}
	}
	l.errorf(n, keyTargetVersion, "must be a SQL Server version: %s, got %s", TargetVersionHelp, describe(n))
}

// globs reads a list of include or exclude globs.
func (l *loader) globs(n *yaml.Node, key string) []string {
	items, ok := l.list(n, key)
	if !ok {
		return nil
	}
	var out []string
	for i, it := range items {
		k := fmt.Sprintf("%s[%d]", key, i)
		if n.Kind == yaml.ScalarNode {
			k = key
		}
		s, ok := l.str(it, k)
		if !ok {
			continue
		}
		s = strings.TrimSpace(s)
		switch {
		case s == "":
			l.errorf(it, k, "must be a glob, got an empty string")
		case strings.HasPrefix(s, "/") || filepath.IsAbs(s):
			l.errorf(it, k, "glob %q must be relative to the config file's folder", s)
		default:
			if err := checkGlob(s); err != nil {
				l.errorf(it, k, "bad glob %q: %v", s, err)
				continue
			}
			out = append(out, s)
		}
	}
	return out
}

// varName: sqlcmd variable names hold no blanks, quotes, $, ( or ).
var varName = regexp.MustCompile(`^[^\s$()'"=]+$`)

// CheckVarName checks a sqlcmd variable name given a value (variables:
// in the config, -v NAME=value).
func CheckVarName(name string) error {
	if !varName.MatchString(name) {
		return fmt.Errorf("bad sqlcmd variable name %q: no blanks, quotes, =, $, ( or )", name)
	}
	return nil
}

func (l *loader) variables(n *yaml.Node) {
	pairs, _ := l.mapping(n, keyVariables)
	seen := map[string]*yaml.Node{}
	for _, kv := range pairs {
		name := kv.key.Value
		key := keyVariables + "." + name
		if err := CheckVarName(name); err != nil {
			l.errorf(kv.key, keyVariables, "%v", err)
			continue
		}
		// sqlcmd variable names ignore case
		if first := seen[strings.ToLower(name)]; first != nil {
			l.errorf(kv.key, keyVariables, "duplicate variable %q: sqlcmd names ignore case and %q is at line %d", name, first.Value, first.Line)
			continue
		}
		seen[strings.ToLower(name)] = kv.key
		v := kv.value
		switch {
		case isNull(v):
			l.cfg.Variables[name] = ""
		case v.Kind == yaml.ScalarNode:
			l.cfg.Variables[name] = v.Value
		default:
			l.errorf(v, key, "must be a string, got %s", describe(v))
		}
	}
}

func (l *loader) server(n *yaml.Node) {
	s, ok := l.str(n, keyServer)
	if !ok {
		return
	}
	s = strings.TrimSpace(s)
	if hasPassword(s) {
		// The message never repeats the value: it holds a secret.
		l.errorf(n, keyServer, "holds a password: never store passwords in the config file; set SQLCMDPASSWORD instead")
		return
	}
	l.cfg.Server = s
}

// passwordKeys are the connection-string keys whose values are secrets.
var passwordKeys = map[string]bool{"password": true, "pwd": true, "change password": true}

// urlUserinfo finds user:password@ in a URL that does not parse.
var urlUserinfo = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]*://[^/?#@]*:[^/?#]*@`)

// hasPassword reports whether a server string in URL form
// (sqlserver://user:pass@host?password=...) or ADO/ODBC form
// (server=host;password=...) carries a password.
func hasPassword(s string) bool {
	if strings.Contains(s, "://") {
		u, err := url.Parse(s)
		if err != nil {
			return urlUserinfo.MatchString(s)
		}
		if u.User != nil {
			if _, set := u.User.Password(); set {
				return true
			}
		}
		for k := range u.Query() {
			if passwordKeys[strings.ToLower(strings.TrimSpace(k))] {
				return true
			}
		}
		return false
	}
	for _, part := range strings.Split(s, ";") {
		k, _, ok := strings.Cut(part, "=")
		if !ok {
			continue
		}
		k = strings.TrimPrefix(strings.ToLower(strings.TrimSpace(k)), "odbc:")
		if passwordKeys[strings.TrimSpace(k)] {
			return true
		}
	}
	return false
}

// resolve follows aliases (*name) to the node they stand for.
func resolve(n *yaml.Node) *yaml.Node {
	for i := 0; n.Kind == yaml.AliasNode && n.Alias != nil && i < 100; i++ {
		n = n.Alias
	}
	return n
}

func isNull(n *yaml.Node) bool {
	return n.Kind == 0 || (n.Kind == yaml.ScalarNode && n.Tag == "!!null")
}

// describe names what a node is, for "got ..." in messages.
func describe(n *yaml.Node) string {
	switch {
	case n.Kind == yaml.MappingNode:
		return "a mapping"
	case n.Kind == yaml.SequenceNode:
		return "a list"
	case isNull(n):
		return "nothing"
	}
	return strconv.Quote(n.Value)
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// suggest returns ` (did you mean "x"?)` for the candidate closest to s,
// or "" when none is close.
func suggest(s string, cands []string) string {
	best, bestD := "", 0
	ls := strings.ToLower(s)
	for _, c := range cands {
		d := distance(ls, strings.ToLower(c))
		if best == "" || d < bestD {
			best, bestD = c, d
		}
	}
	limit := len(s) / 3
	if limit < 1 {
		limit = 1
	}
	if best == "" || bestD > limit {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", best)
}

// distance is the optimal string alignment distance between a and b:
// insertions, deletions, substitutions and swaps of adjacent characters.
func distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}

// conflictMsg is the error for a merge conflict marker in a config file.
func conflictMsg(marker string) string {
	return "a merge conflict marker (" + marker + "): the file is left from a merge with a conflict; keep the lines you want, remove the <<<<<<<, ======= and >>>>>>> lines, and run again"
}

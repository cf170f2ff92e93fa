// Package rules holds sqllint's rules: each is one value with its ID, name,
// default severity, options, documentation and run function. Rules read
// the database model (model.go) that one pass over every scanned script
// builds; they never scan text again.
package rules

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/sqllint/sqllint/parser"
)

// Option is a rule option with its default, settable in the config file.
type Option struct {
	Name    string  // kebab-case, e.g. "startup-budget"
	Default float64 //
	Unit    string  // "s", "MB/s", ...
	Doc     string
}

// Rule is one check.
type Rule struct {
	ID       string // SLnnn, stable
	Name     string // kebab-case, stable
	Severity parser.Severity
	Options  []Option
	// Live rules run only with --server.
	Live bool
	Doc  Doc
	// Run reports the rule's findings. Tool rules (SL001-SL004) have no
	// Run: the engine raises them.
	Run func(*Pass)
}

// HelpURI is where the rule's documentation lives.
func (r *Rule) HelpURI() string {
	return "https://github.com/sqllint/sqllint/blob/main/docs/rules/" + r.ID + ".md"
}

// Finding is a rule's report of one problem.
type Finding struct {
	Rule     *Rule
	Severity parser.Severity
	Span     parser.Span
	Message  string
	Fix      *Fix
	// Confirmed names the server whose live facts confirmed the finding.
	Confirmed string
}

// Fix is a suggested change made of text edits.
type Fix struct {
	Description string
	Edits       []Edit
}

// Edit replaces File.Text[Start:End] with New.
type Edit struct {
	File       *parser.File
	Start, End int
	New        string
}

var (
	idRE   = regexp.MustCompile(`^SL[0-9]{3}$`)
	nameRE = regexp.MustCompile(`^[a-z][a-z0-9]*(-[a-z0-9]+)*$`)
)

// Registry is the set of all rules, validated.
type Registry struct {
	rules  []*Rule
	byID   map[string]*Rule
	byName map[string]*Rule
}

// NewRegistry validates rules and indexes them. A rule with a bad ID or
// name, a duplicate, an empty doc or a missing run function is an error:
// such a rule is a bug, caught by a one-line test.
func NewRegistry(rules ...*Rule) (*Registry, error) {
	r := &Registry{byID: map[string]*Rule{}, byName: map[string]*Rule{}}
	for _, rule := range rules {
		switch {
		case !idRE.MatchString(rule.ID):
			return nil, fmt.Errorf("rule %q: ID must look like SL123", rule.ID)
		case !nameRE.MatchString(rule.Name):
			return nil, fmt.Errorf("rule %s: name %q must be kebab-case", rule.ID, rule.Name)
		case r.byID[rule.ID] != nil:
			return nil, fmt.Errorf("rule %s: duplicate ID", rule.ID)
		case r.byName[rule.Name] != nil:
			return nil, fmt.Errorf("rule %s: duplicate name %q", rule.ID, rule.Name)
		case rule.Doc.Title == "" || rule.Doc.Why == "" || rule.Doc.Bad == "" || rule.Doc.Good == "":
			return nil, fmt.Errorf("rule %s: documentation needs a title, a why, a bad and a good example", rule.ID)
		case rule.Severity < parser.SevInfo || rule.Severity > parser.SevError:
			return nil, fmt.Errorf("rule %s: no default severity", rule.ID)
		case rule.Run == nil && !toolRules[rule.ID]:
			return nil, fmt.Errorf("rule %s: no run function", rule.ID)
		}
		seen := map[string]bool{}
		for _, o := range rule.Options {
			if !nameRE.MatchString(o.Name) || seen[o.Name] || o.Doc == "" {
				return nil, fmt.Errorf("rule %s: option %q needs a unique kebab-case name and a doc", rule.ID, o.Name)
			}
			seen[o.Name] = true
		}
		r.rules = append(r.rules, rule)
		r.byID[rule.ID] = rule
		r.byName[rule.Name] = rule
	}
	sort.Slice(r.rules, func(i, j int) bool { return r.rules[i].ID < r.rules[j].ID })
	return r, nil
}

// toolRules are raised by the engine itself.
var toolRules = map[string]bool{"SL001": true, "SL002": true, "SL003": true, "SL004": true}

// All returns every rule, sorted by ID.
func (r *Registry) All() []*Rule { return r.rules }

// Lookup finds a rule by ID (SL302) or name (checkpoint-duration).
func (r *Registry) Lookup(idOrName string) *Rule {
	if rule := r.byID[idOrName]; rule != nil {
		return rule
	}
	return r.byName[idOrName]
}

// Match returns the IDs of the rules ref names, as --select and the
// config's rules list read it: an ID or a name (in any case), an ID
// prefix of at least "SL" and one digit (SL3: every SL3xx rule), or
// "all". It is nil when ref names no rule.
func (r *Registry) Match(ref string) []string {
	if strings.EqualFold(ref, "all") {
		var ids []string
		for _, rule := range r.rules {
			ids = append(ids, rule.ID)
		}
		return ids
	}
	if rule := r.Lookup(strings.ToUpper(ref)); rule != nil {
		return []string{rule.ID}
	}
	if rule := r.Lookup(strings.ToLower(ref)); rule != nil {
		return []string{rule.ID}
	}
	up := strings.ToUpper(ref)
	if len(up) < 3 || len(up) >= 5 || !strings.HasPrefix(up, "SL") || strings.Trim(up[2:], "0123456789") != "" {
		return nil
	}
	var ids []string
	for _, rule := range r.rules {
		if strings.HasPrefix(rule.ID, up) {
			ids = append(ids, rule.ID)
		}
	}
	return ids
}

// Default is the registry of sqllint's rules.
var Default = mustRegistry()

func mustRegistry() *Registry {
	r, err := NewRegistry(catalog()...)
	if err != nil {
		panic(err)
	}
	return r
}

// ApplyEdits applies non-overlapping edits of one file's text. Edits that
// overlap one already applied are skipped and reported by index.
func ApplyEdits(text string, edits []Edit) (string, []int) {
	order := make([]int, len(edits))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return edits[order[a]].Start > edits[order[b]].Start })
	// Choose the edits from the end of the text, then write the result in
	// one pass: one concatenation per edit copied the whole text each
	// time, and 700,000 fixes in a 10 MB file never ended.
	last := len(text)
	var skipped []int
	applied := make([]int, 0, len(order))
	size := len(text)
	for _, i := range order {
		ed := edits[i]
		if ed.Start < 0 || ed.Start > ed.End || ed.End > last {
			skipped = append(skipped, i)
			continue
		}
		applied = append(applied, i)
		size += len(ed.New) - (ed.End - ed.Start)
		last = ed.Start
	}
	if len(applied) == 0 {
		return text, skipped
	}
	var b strings.Builder
	b.Grow(size)
	pos := 0
	for k := len(applied) - 1; k >= 0; k-- {
		ed := edits[applied[k]]
		b.WriteString(text[pos:ed.Start])
		b.WriteString(ed.New)
		pos = ed.End
	}
	b.WriteString(text[pos:])
	return b.String(), skipped
}

package main

import (
	"cmp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/sqllint/sqllint/parser"
	"github.com/sqllint/sqllint/report"
)

// envRedactor keeps the values of the environment variables a run
// expands into $(NAME) (env: in the config, --env, --allow-env) out of
// what it prints: a rule that names what a statement touches (BACKUP LOG
// [$(SQLLINT_HOST)] names the database) would otherwise put a server's
// address, a share or an account from the CI environment into findings,
// reports uploaded where others read them, and baselines. Each occurrence
// of a value, as a whole word, is written back as $(NAME).
//
// It records the values as the run's preprocessor reads them (lookup),
// which is before any finding that could hold them reaches the sink.
type envRedactor struct {
	allowed   func(string) bool
	lookupEnv func(string) (string, bool)
	mu        sync.Mutex
	vals      []envValue // longest first
	n         atomic.Int32
}

type envValue struct{ name, value string }

// newEnvRedactor is the redactor of a run that allows the environment
// variables names (cfg.Env), or nil when it allows none.
func newEnvRedactor(names []string, lookupEnv func(string) (string, bool)) *envRedactor {
	allowed := parser.EnvAllowList(names...)
	if allowed == nil || lookupEnv == nil {
		return nil
	}
	return &envRedactor{allowed: allowed, lookupEnv: lookupEnv}
}

// lookup is lookupEnv recording the value of a name that may be expanded.
func (r *envRedactor) lookup(name string) (string, bool) {
	v, ok := r.lookupEnv(name)
	if ok && strings.TrimSpace(v) != "" && r.allowed(name) {
		r.add(name, v)
	}
	return v, ok
}

func (r *envRedactor) add(name, v string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, e := range r.vals {
		if e.value == v {
			return
		}
	}
	// name is a slice of the script's text, whose buffer the run reuses
	r.vals = append(r.vals, envValue{strings.Clone(name), strings.Clone(v)})
	slices.SortStableFunc(r.vals, func(a, b envValue) int { return cmp.Compare(len(b.value), len(a.value)) })
	r.n.Store(int32(len(r.vals)))
}

// values is what was recorded so far, or nil.
func (r *envRedactor) values() []envValue {
	if r == nil || r.n.Load() == 0 {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.vals)
}

// findings redacts the text of findings in place: messages, and the
// descriptions and new text of fixes.
func (r *envRedactor) findings(fs []report.Finding) {
	vals := r.values()
	if vals == nil {
		return
	}
	for i := range fs {
		f := &fs[i]
		f.Message = redact(f.Message, vals)
		if f.Fix != nil {
			// a copy: the fix itself is the run's
			fix := *f.Fix
			fix.Description = redact(fix.Description, vals)
			fix.Edits = slices.Clone(fix.Edits)
			for j := range fix.Edits {
				fix.Edits[j].NewText = redact(fix.Edits[j].NewText, vals)
			}
			f.Fix = &fix
		}
	}
}

// errors redacts the messages of input errors in place.
func (r *envRedactor) errors(errs []report.InputError) {
	vals := r.values()
	for i := range errs {
		errs[i].Message = redact(errs[i].Message, vals)
	}
}

// redact writes each occurrence of a value in s as $(NAME), unless it is
// part of a longer word (a value "App" in "AppLog" stays).
func redact(s string, vals []envValue) string {
	for _, v := range vals {
		if !strings.Contains(s, v.value) {
			continue
		}
		var b strings.Builder
		rest := s
		for {
			i := strings.Index(rest, v.value)
			if i < 0 {
				break
			}
			j := i + len(v.value)
			if (!isWordByte(v.value[0]) || wordEdge(rest, i, true)) && (!isWordByte(v.value[len(v.value)-1]) || wordEdge(rest, j, false)) {
				b.WriteString(rest[:i])
				b.WriteString("$(" + v.name + ")")
			} else {
				b.WriteString(rest[:j])
			}
			rest = rest[j:]
		}
		b.WriteString(rest)
		s = b.String()
	}
	return s
}

// wordEdge reports whether offset i of s, the start or the end of an
// occurrence, is no part of a longer word: the byte before it (start) or
// at it (end) is no letter, digit or _.
func wordEdge(s string, i int, start bool) bool {
	if start {
		return i == 0 || !isWordByte(s[i-1])
	}
	return i == len(s) || !isWordByte(s[i])
}

func isWordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

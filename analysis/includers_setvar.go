package analysis

import (
	"strings"
)

// masterSetvar reads one line of a master script for the include lookup:
// a `:setvar name value` line records the value in vars (made when
// needed); any other line comes back with the $(name) of the variables
// set above it replaced, so that `:r $(rootPath)"\Create.sql"` after
// `:setvar rootPath ".\Create"` names the script it includes. A
// variable the script does not set stays as written: its :r name is
// not resolved (a run's -v value is not known here).
func masterSetvar(vars map[string]string, line string) (map[string]string, string) {
	t := strings.TrimLeft(line, " \t")
	if len(t) > 8 && t[0] == ':' && strings.EqualFold(t[1:7], "setvar") && (t[7] == ' ' || t[7] == '\t') {
		name, value, ok := setvarParts(strings.TrimRight(t[8:], "\r"))
		if ok {
			if vars == nil {
				vars = make(map[string]string)
			}
			vars[strings.ToUpper(name)] = value
		}
		return vars, line
	}
	if len(vars) == 0 || !strings.Contains(line, "$(") {
		return vars, line
	}
	var sb strings.Builder
	rest := line
	for {
		i := strings.Index(rest, "$(")
		if i < 0 {
			break
		}
		j := strings.IndexByte(rest[i+2:], ')')
		if j < 0 {
			break
		}
		v, ok := vars[strings.ToUpper(rest[i+2:i+2+j])]
		if !ok {
			sb.WriteString(rest[:i+2+j+1])
		} else {
			sb.WriteString(rest[:i])
			sb.WriteString(v)
		}
		rest = rest[i+2+j+1:]
	}
	sb.WriteString(rest)
	return vars, sb.String()
}

// setvarParts splits the arguments of a :setvar line into the name and
// the value: a double-quoted value ("" is one quote) or a word. No value,
// or a malformed one, is not a value.
func setvarParts(args string) (name, value string, ok bool) {
	args = strings.TrimLeft(args, " \t")
	k := strings.IndexAny(args, " \t")
	if k <= 0 {
		return "", "", false
	}
	name, rest := args[:k], strings.TrimLeft(args[k:], " \t")
	if rest == "" {
		return "", "", false
	}
	if rest[0] != '"' {
		if w := strings.IndexAny(rest, " \t"); w >= 0 {
			rest = rest[:w]
		}
		return name, rest, true
	}
	var sb strings.Builder
	for i := 1; i < len(rest); i++ {
		if rest[i] == '"' {
			if i+1 < len(rest) && rest[i+1] == '"' {
				sb.WriteByte('"')
				i++
				continue
			}
			return name, sb.String(), true
		}
		sb.WriteByte(rest[i])
	}
	return "", "", false
}

package rules

import (
	"strconv"
	"unicode/utf8"
)

// maxShownName is the longest name a message shows whole: SQL Server's
// names (sysname) hold at most 128 characters.
const maxShownName = 128

// shown is a name as a message shows it: one longer than any SQL Server
// accepts is cut after 128 characters and says how long it is, so that a
// hostile or generated name does not make every message that names it
// as long as itself. Models and keys keep the name whole.
func shown(name string) string {
	if len(name) <= maxShownName {
		return name
	}
	n := utf8.RuneCountInString(name)
	if n <= maxShownName {
		return name
	}
	cut, i := 0, 0
	for cut = range name {
		if i == maxShownName {
			break
		}
		i++
	}
	return name[:cut] + "... (" + strconv.Itoa(n) + " characters)"
}

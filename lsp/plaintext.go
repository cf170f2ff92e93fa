package lsp

import (
	"regexp"
	"strings"
)

// Inline Markdown of the rules' documentation, for plainText.
var (
	mdLink   = regexp.MustCompile(`\[([^\]]+)\]\(([^)\s]+)\)`)
	mdStrong = regexp.MustCompile(`\*\*([^*]+)\*\*`)
	mdEm     = regexp.MustCompile(`\*([^*\s](?:[^*]*[^*\s])?)\*`)
	mdCode   = regexp.MustCompile("`([^`]+)`")
)

// plainText renders the Markdown of a rule's documentation (rules.Markdown)
// as plain text, for a client whose hover takes no Markdown: headings
// lose their #, code blocks are indented by four spaces instead of
// fenced, a table row becomes its cells separated by " | " without the
// outer bars (its separator row goes), emphasis and code spans lose
// their marks, and a link becomes "text (address)". Code is kept as is.
func plainText(md string) string {
	var b strings.Builder
	fenced := false
	for _, line := range strings.SplitAfter(md, "\n") {
		body := strings.TrimRight(line, "\n")
		eol := line[len(body):]
		switch {
		case strings.HasPrefix(body, "```"):
			fenced = !fenced
			continue
		case fenced:
			if body != "" {
				b.WriteString("    ")
			}
			b.WriteString(body)
		case strings.HasPrefix(body, "#"):
			b.WriteString(inlinePlain(strings.TrimLeft(strings.TrimLeft(body, "#"), " ")))
		case strings.HasPrefix(body, "|") && strings.HasSuffix(body, "|") && len(body) > 1:
			cells := strings.Split(body[1:len(body)-1], "|")
			if strings.Trim(strings.Join(cells, ""), "-: ") == "" {
				continue // the separator row
			}
			for i, c := range cells {
				cells[i] = inlinePlain(strings.TrimSpace(c))
			}
			b.WriteString(strings.Join(cells, " | "))
		default:
			b.WriteString(inlinePlain(body))
		}
		b.WriteString(eol)
	}
	return b.String()
}

func inlinePlain(s string) string {
	s = mdLink.ReplaceAllString(s, "$1 ($2)")
	s = mdCode.ReplaceAllString(s, "$1")
	s = mdStrong.ReplaceAllString(s, "$1")
	return mdEm.ReplaceAllString(s, "$1")
}

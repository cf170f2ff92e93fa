package parser

import "encoding/json"

// Summary is a statement as `sqllint parse --format json` prints it: its
// file, range, kind and database, with the parsed details flattened in.
func (s *Statement) Summary() map[string]any {
	span := s.Span()
	start, end := span.Start.Position(), span.End.Position()
	out := map[string]any{
		"file": start.Path, "line": start.Line, "column": start.Column,
		"end_line": end.Line, "end_column": end.Column, "kind": s.Kind.String(),
	}
	if s.Node == nil {
		out["keyword"] = s.Keyword()
	}
	if s.InLoop {
		out["in_loop"] = true
	}
	if db := s.Database(); db != nil {
		out["database"] = db.Value
		if db.Unresolved {
			out["database_unresolved"] = true
		}
	}
	if d, ok := s.Node.(*DropDatabase); ok && len(d.Databases) > 0 {
		out["database"] = d.Databases[0].Value
	}
	if s.Node != nil {
		data, err := json.Marshal(s.Node)
		if err == nil {
			var details map[string]any
			if json.Unmarshal(data, &details) == nil {
				for k, v := range details {
					if _, taken := out[k]; !taken {
						out[k] = v
					}
				}
			}
		}
	}
	return out
}

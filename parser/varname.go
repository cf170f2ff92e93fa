package parser

import "fmt"

// varNamed returns the @variable that names the database of a CREATE,
// ALTER or DROP DATABASE or a USE, where T-SQL takes only a name: SQL
// Server rejects CREATE DATABASE @name with a syntax error, so the
// statement never runs (BACKUP and RESTORE take a variable, and text
// built in a variable is run with EXEC or sp_executesql). nil for any
// other statement or name.
func varNamed(n Node) *Name {
	switch x := n.(type) {
	case *CreateDatabase:
		return varName(&x.Database)
	case *AlterDatabase:
		return varName(&x.Database)
	case *DropDatabase:
		for i := range x.Databases {
			if v := varName(&x.Databases[i]); v != nil {
				return v
			}
		}
	case *Use:
		return varName(&x.Database)
	}
	return nil
}

// varName is n when it is written as a local @variable, else nil.
func varName(n *Name) *Name {
	if r := n.Raw; len(r) > 1 && r[0] == '@' && r[1] != '@' {
		return n
	}
	return nil
}

// varNameError is the SL001 message for a statement whose database is
// named by variable v (varNamed).
func varNameError(v *Name) error {
	p := v.Span.Start.Position()
	return fmt.Errorf("the database must be named, not given by the variable %s (a syntax error for SQL Server); build the statement as text and run it with EXEC or sp_executesql (line %d, column %d)",
		v.Raw, p.Line, p.Column)
}

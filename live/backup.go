package live

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
)

// BackupHistory reads, into f.Backups, the latest full backup this server
// took of each named database (names compared case-insensitively; empty
// names ignored): the files a restore of it creates and their sizes. Call
// it only for the databases the scripts restore, after Facts. A missing
// permission on msdb makes the history unknown with one notice; an error is
// returned only when the server cannot be talked to.
func (c *Client) BackupHistory(ctx context.Context, f *Facts, databases []string) error {
	if f.Backups == nil {
		f.Backups = map[string]*Backup{}
	}
	done := map[string]bool{}
	for _, name := range databases {
		key := strings.ToLower(name)
		if strings.TrimSpace(name) == "" || done[key] {
			continue
		}
		done[key] = true
		b := &Backup{Database: name}
		err := c.run(ctx, query(QueryBackupHistory), func(rows *resultRows) error {
			for rows.Next() {
				var (
					lname, typ, fg, finished sql.NullString
					size                     sql.NullInt64
				)
				if err := rows.Scan(&lname, &typ, &fg, &size, &finished); err != nil {
					return err
				}
				b.Finished = finished.String
				b.Files = append(b.Files, BackupFile{Name: lname.String, Type: strings.TrimSpace(typ.String),
					Filegroup: fg.String, SizeBytes: size.Int64})
			}
			return nil
		}, name)
		if err != nil {
			var se *softError
			permission := errors.As(err, &se) && se.permission()
			if err := c.soft(f, err, fmt.Sprintf("backup history of %q", name)); err != nil {
				return err
			}
			if permission {
				return nil // the same permission is missing for the others
			}
			continue
		}
		if len(b.Files) > 0 {
			f.Backups[key] = b
		}
	}
	return nil
}

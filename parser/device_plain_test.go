package parser

import "testing"

// A batch whose only statement adds or drops a backup device is not
// plain, whatever the device's path: a BACKUP to the device's name in a
// later batch reads it (SL304 when it is the null device, none once it
// is dropped or added again elsewhere). Bracketed or quoted names, and
// the names in other words, are told apart.
func TestDeviceProcedureBatchNotPlain(t *testing.T) {
	for _, c := range []struct {
		src   string
		plain bool
	}{
		{"EXEC sp_addumpdevice 'disk', 'NulDev', '\\\\.\\NUL'", false},
		{"EXEC sp_addumpdevice 'disk', 'NulDev', 'C:\\Temp\\NUL'", false},
		{"EXECUTE master.dbo.sp_addumpdevice @devtype = N'disk', @logicalname = N'D', @physicalname = N'nul:'", false},
		{"EXEC sp_dropdevice 'NulDev'", false},
		{"exec SP_DROPDEVICE N'NulDev', 'delfile'", false},
		{"EXEC [sp_dropdevice] 'NulDev'", false},
		{"EXEC master.dbo.[sp_addumpdevice] 'disk', 'D', 'x'", false},
		{"EXEC \"sp_dropdevice\" 'NulDev'", false},
		{"SELECT device, dropdevice, sp_dropdevices, my_sp_dropdevice, logic FROM t", true},
		{"SELECT [sp_dropdevicex], [dbo_dropdevice] FROM t", true},
		{"UPDATE t SET public_ic = 1", true},
	} {
		n := 0
		PreprocessPlain(NewFile("d.sql", c.src), nil, func(b *Batch, plain bool) {
			n++
			if plain != c.plain {
				t.Errorf("%q: plain %v, want %v", c.src, plain, c.plain)
			}
			checkPlain(t, b.Text, plain)
		})
		if n != 1 {
			t.Errorf("%q: %d batches", c.src, n)
		}
	}
}

//go:build linux

package export

import "golang.org/x/sys/unix"

// exchange swaps the directories at a and b in one step (renameat2
// RENAME_EXCHANGE): at no moment is there no dataset at b. It reports
// false, without an error, where the file system cannot.
func exchange(a, b string) (bool, error) {
	err := unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_EXCHANGE)
	switch err {
	case nil:
		return true, nil
	case unix.EINVAL, unix.ENOSYS, unix.EOPNOTSUPP:
		return false, nil
	}
	return false, err
}

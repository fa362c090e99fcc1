//go:build !unix

package trajectory

import "os"

// Without flock, concurrent writer processes in one run directory are not
// coordinated; one process per run directory is safe.
func lockFile(f *os.File) error { return nil }

func unlockFile(f *os.File) error { return nil }

//go:build unix

package trajectory

import (
	"os"
	"syscall"
)

// lockFile takes an exclusive advisory lock on f; the kernel drops it if
// the process dies, so a killed writer never leaves a run locked.
func lockFile(f *os.File) error { return syscall.Flock(int(f.Fd()), syscall.LOCK_EX) }

func unlockFile(f *os.File) error { return syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }

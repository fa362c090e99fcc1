//go:build unix

package main

import (
	"context"
	"syscall"
	"testing"
	"time"
)

// A command that does not stop after a signal is ended stopGrace later
// with the signal's status; one that stops in time is not.
func TestNotifyContextExit(t *testing.T) {
	exited := make(chan int, 1)
	ctx, stop := notifyContextExit(context.Background(), 50*time.Millisecond, func(code int) { exited <- code }, syscall.SIGUSR1)
	defer stop()
	if err := syscall.Kill(syscall.Getpid(), syscall.SIGUSR1); err != nil {
		t.Fatal(err)
	}
	<-ctx.Done()
	select {
	case code := <-exited:
		if code != 128+int(syscall.SIGUSR1) {
			t.Errorf("exit %d, want %d", code, 128+int(syscall.SIGUSR1))
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no exit after the grace period")
	}

	ctx, stop = notifyContextExit(context.Background(), time.Hour, func(code int) { t.Errorf("exit %d without a signal", code) }, syscall.SIGUSR1)
	stop()
	<-ctx.Done()
}

package audit

import (
	"iter"
	"sync"

	"collabcraft/export"
)

// batchSize is how many examples a worker prepares at a time: large
// enough that handing batches around costs little, small enough that few
// decoded examples wait in memory.
const batchSize = 128

// batch is a run of consecutive examples, prepared once done is closed.
type batch struct {
	items []prepared
	err   error // the source's error after items
	done  chan struct{}
}

// prepareAll reads the source in one goroutine, prepares its examples on
// the given number of workers (prep(w, p): worker w prepares p) and
// yields them in the source's order, a batch at a time. An error of the
// source ends the sequence after the examples before it.
func prepareAll(src iter.Seq2[export.Example, error], workers int, prep func(w int, p *prepared)) iter.Seq2[[]prepared, error] {
	return func(yield func([]prepared, error) bool) {
		work := make(chan *batch, workers)
		ordered := make(chan *batch, 2*workers)
		stop := make(chan struct{})
		var wg sync.WaitGroup
		for w := range workers {
			wg.Go(func() {
				for b := range work {
					for i := range b.items {
						prep(w, &b.items[i])
					}
					close(b.done)
				}
			})
		}
		go func() {
			defer close(ordered)
			defer close(work)
			// A batch's items are made at their full size: growing them
			// copied and threw away as many (872 bytes an example).
			newBatch := func() *batch {
				return &batch{items: make([]prepared, 0, batchSize), done: make(chan struct{})}
			}
			b := newBatch()
			send := func() bool {
				select {
				case ordered <- b:
				case <-stop:
					return false
				}
				work <- b
				b = newBatch()
				return true
			}
			for ex, err := range src {
				if err != nil {
					b.err = err
					send()
					return
				}
				b.items = append(b.items, prepared{ex: ex})
				if len(b.items) == batchSize && !send() {
					return
				}
			}
			if len(b.items) > 0 {
				send()
			}
		}()
		defer func() {
			close(stop)
			for range ordered { // let the reader finish
			}
			wg.Wait()
		}()
		for b := range ordered {
			<-b.done
			if len(b.items) > 0 && !yield(b.items, nil) {
				return
			}
			if b.err != nil {
				yield(nil, b.err)
				return
			}
		}
	}
}

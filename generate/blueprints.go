package generate

import (
	"fmt"

	"github.com/klauspost/compress/zstd"

	"collabcraft/procgen"
)

// packedBlueprints holds a batch's blueprints compressed while their
// tasks wait to be played: the paper suite's 2,000 construction train
// tasks hold 60 MB of blueprint JSON (a block name per cell), about 1.5
// MB compressed, and a run holds its tasks to its end. A job's task gets
// its blueprint back, the same bytes, when it is played.
type packedBlueprints struct {
	packed map[*procgen.Task][]byte
	dec    *zstd.Decoder
}

// packMin is the smallest blueprint worth compressing.
const packMin = 4 << 10

// packBlueprints compresses the blueprints of tasks (setting their
// Blueprint to nil) for unpack to restore.
func packBlueprints(tasks []procgen.Task) (*packedBlueprints, error) {
	pb := &packedBlueprints{packed: map[*procgen.Task][]byte{}}
	var enc *zstd.Encoder
	for i := range tasks {
		t := &tasks[i]
		if len(t.Blueprint) < packMin {
			continue
		}
		if enc == nil {
			var err error
			if enc, err = zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedFastest), zstd.WithEncoderConcurrency(1), zstd.WithLowerEncoderMem(true)); err != nil {
				return nil, fmt.Errorf("generate: %w", err)
			}
		}
		pb.packed[t] = enc.EncodeAll(t.Blueprint, nil)
		t.Blueprint = nil
	}
	if enc == nil {
		return pb, nil
	}
	enc.Close()
	var err error
	if pb.dec, err = zstd.NewReader(nil, zstd.WithDecoderConcurrency(0), zstd.WithDecoderLowmem(true)); err != nil {
		return nil, fmt.Errorf("generate: %w", err)
	}
	return pb, nil
}

// unpack returns job with a task of its own that holds its blueprint.
func (pb *packedBlueprints) unpack(job Job) (Job, error) {
	packed, ok := pb.packed[job.Task]
	if !ok {
		return job, nil
	}
	bp, err := pb.dec.DecodeAll(packed, nil)
	if err != nil {
		return job, fmt.Errorf("generate: task %s: its blueprint, kept compressed: %w", job.Task.ID, err)
	}
	t := *job.Task
	t.Blueprint = bp
	job.Task = &t
	return job, nil
}

// close releases the decoder.
func (pb *packedBlueprints) close() {
	if pb.dec != nil {
		pb.dec.Close()
	}
}

package main

import "context"

// hookSource is a policy or webhook source holding the current message's hooks: the policy
// source turns each policy that at least one binding selects into one hook (policy_source.go),
// so a policy without a binding yields none.
type hookSource[H any] struct {
	hooks []H
}

func (s *hookSource[H]) Hooks() []H { return s.hooks }

func (s *hookSource[H]) Run(ctx context.Context) error {
	<-ctx.Done()
	return ctx.Err()
}

func (s *hookSource[H]) HasSynced() bool { return true }

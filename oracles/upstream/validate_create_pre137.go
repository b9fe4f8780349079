//go:build before1.37

package main

import (
	"context"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apiserver/pkg/registry/rest"
)

// validateCreate is the validation part of rest.BeforeCreate: the strategy's Validate (the
// object-meta checks that follow concern only the names the oracle gives).
func validateCreate(ctx context.Context, strategy rest.RESTCreateStrategy, obj runtime.Object) field.ErrorList {
	return strategy.Validate(ctx, obj)
}

//go:build !before1.37

package main

import (
	"context"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apiserver/pkg/registry/rest"
)

// validateCreate is rest.ValidateCreate, the validation part of rest.BeforeCreate: the
// strategy's Validate, object-meta validation and declarative validation.
func validateCreate(ctx context.Context, strategy rest.RESTCreateStrategy, obj runtime.Object) field.ErrorList {
	return rest.ValidateCreate(ctx, obj, strategy)
}

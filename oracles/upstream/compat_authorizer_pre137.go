//go:build before1.37

package main

import "k8s.io/apiserver/pkg/authorization/authorizer"

// oracleAuthorizer is the authorizer type the admission plugins take (1.37 narrowed it).
type oracleAuthorizer = authorizer.Authorizer

package io.github.svcemail;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The operationId of docs/openapi.json a method calls. The coverage test collects these from the
 * client's services and fails naming any operation of the document without one.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface OperationId {
  String value();
}

# The delivery log that makes each notice at-most-once comes with the notifications issue.

// The answer's names, rows and claims live in `Claims`, below the engine,
// so that a run's adaptive launches read the claims it will print; they are
// the answer's as much as the reports', and a client of `Reports` sees them
// as it did when they lived here.
@_exported import Claims

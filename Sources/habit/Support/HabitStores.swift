import Foundation
import HabitKit

/// Opening the store for commands that change habits, so that refused input creates no store.
extension StoreOptions {
    /// The store, the environment and the own habit `name`, for edit, archive and remove: an
    /// existing store is opened for writing. Without one there is no own habit to change, so
    /// the lookup fails (an unknown habit, with the list of habits; a built-in, refused as
    /// `what`) before anything is created.
    func changingOwnHabit(_ name: String, what: String) throws -> (HabitStore, HabitEnvironment, HabitDefinition) {
        let (store, env) = try existsForWriting() ? try writing() : try reading()
        let habit = try store.read(.habit(named: name, env: env))
        guard habit.kind != .builtin else { throw HabitInputError.builtinFixed(habit.name, what: what) }
        return (store, env, habit)
    }

    /// The store opened (created when missing) for a change to the habit `name`, or to every
    /// habit when nil; `check` runs first. Without a store, an own habit's name is refused as
    /// unknown before anything is created.
    func writing<T>(habit name: String?, _ check: (HabitEnvironment) throws -> T)
        throws -> (HabitStore, HabitEnvironment, HabitDefinition?, T) {
        if let name, !(try existsForWriting()) {
            let (empty, env, _) = try reading(check)
            _ = try empty.read(.habit(named: name, env: env))
        }
        let (store, env, value) = try writing(check)
        let habit = try name.map { try store.read(.habit(named: $0, env: env)) }
        return (store, env, habit, value)
    }
}

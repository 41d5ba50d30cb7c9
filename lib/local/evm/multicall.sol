// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title LocalMulticall
/// @notice The `tryAggregate` entry point of the Multicall3 interface, installed at the usual
/// Multicall3 address on the local chain so that payment verifiers can batch their reads
/// (balance, name, version, authorization state) in one call, as they do on public chains.
contract LocalMulticall {
    struct Call {
        address target;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    /// @notice Calls every target in order; reverts on a failed call only when `requireSuccess`.
    function tryAggregate(bool requireSuccess, Call[] calldata calls)
        external
        payable
        returns (Result[] memory returnData)
    {
        returnData = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            (bool success, bytes memory data) = calls[i].target.call(calls[i].callData);
            require(success || !requireSuccess, "Multicall: call failed");
            returnData[i] = Result(success, data);
        }
    }
}
